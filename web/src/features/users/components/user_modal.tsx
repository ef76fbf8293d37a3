import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShieldCheck, UserRound } from "lucide-react";
import { FormDialog } from "../../../components/ui/form_dialog.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCurrentUser } from "../../../lib/auth.tsx";
import { can } from "../../../lib/permissions.ts";
import { toastError, toastSuccess } from "../../../lib/toast.ts";
import type { UserDTO as User } from "@contract/users.ts";
import { useSaveUser } from "../api/users.ts";
import { emptyUser, fromUser, toPayload, type UserFormValues, validateUser } from "./user_form.ts";
import { UserGeneralFields } from "./user_general_fields.tsx";
import { UserPermissionsFields } from "./user_permissions_fields.tsx";
import { ResetTwoFactor } from "../../two_factor/index.ts";

type Props = { user?: User | null; onClose: () => void };

/** Add/edit user: General tab, and the Permissions tab for admin editors. */
export function UserModal({ user, onClose }: Props) {
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
      onClose();
      if (user?.id === me.id) setTimeout(() => location.reload(), 400);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <FormDialog
      title={isNew ? t("modal.addTitle") : t("modal.editTitle")}
      description={isNew ? t("modal.addDescription") : user?.email}
      className="max-w-2xl"
      onClose={onClose}
      formId="user-form"
      formTestId="user-form"
      formClassName=""
      onSubmit={submit}
      saving={save.isPending}
      saveTestId="user-save"
      saveLabel={isNew ? t("modal.create") : undefined}
    >
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
            {user && user.id !== me.id && <ResetTwoFactor userId={user.id} />}
          </TabsContent>
        )}
      </Tabs>
    </FormDialog>
  );
}
