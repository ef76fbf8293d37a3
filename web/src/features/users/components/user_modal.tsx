import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShieldCheck, UserRound } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { can } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { User } from "../../../lib/types.ts";
import { useSaveUser } from "../api/users.ts";
import { emptyUser, fromUser, toPayload, type UserFormValues, validateUser } from "./user_form.ts";
import { UserGeneralFields } from "./user_general_fields.tsx";
import { UserPermissionsFields } from "./user_permissions_fields.tsx";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; user?: User | null };

/** Add/edit user: General tab, and the Permissions tab for admin editors. */
export function UserModal({ open, onOpenChange, user }: Props) {
  const { t } = useTranslation("users");
  const me = useCurrentUser();
  const asAdmin = can(me, "user-modal:editProfile");
  const isNew = !user;
  const [values, setValues] = useState<UserFormValues>(() => (user ? fromUser(user) : emptyUser()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState("general");
  const save = useSaveUser();

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateUser(values, isNew);
    setErrors(found);
    if (Object.keys(found).length) {
      setTab("general");
      return;
    }
    try {
      await save.mutateAsync({ id: user?.id, payload: toPayload(values, asAdmin) });
      toastSuccess(t("toasts.saved"));
      onOpenChange(false);
      if (user?.id === me.id) setTimeout(() => location.reload(), 400);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? t("modal.addTitle") : t("modal.editTitle")}
      description={isNew ? t("modal.addDescription") : user?.email}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" form="user-form" loading={save.isPending} data-testid="user-save">
            {isNew ? t("modal.create") : t("common:actions.save")}
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={submit} noValidate data-testid="user-form">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="general">
              <UserRound />
              {t("modal.general")}
            </TabsTrigger>
            {asAdmin && (
              <TabsTrigger value="permissions" data-testid="tab-permissions">
                <ShieldCheck />
                {t("modal.permissions")}
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="general" forceMount hidden={tab !== "general"}>
            <UserGeneralFields values={values} errors={errors} set={set} asAdmin={asAdmin} isNew={isNew} />
          </TabsContent>
          {asAdmin && (
            <TabsContent value="permissions" className="pt-2">
              <UserPermissionsFields values={values} set={set} />
            </TabsContent>
          )}
        </Tabs>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
