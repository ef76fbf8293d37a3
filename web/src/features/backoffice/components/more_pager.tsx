import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";

/**
 * Previous / next under a back-office list the server pages with `hasMore` (receipts, payment
 * issues); hidden while everything fits on the first page.
 */
export function MorePager(
  { page, hasMore, onPage }: { page: number; hasMore: boolean | undefined; onPage: (page: number) => void },
) {
  const { t } = useTranslation("backoffice");
  if (page <= 1 && !hasMore) return null;
  return (
    <div className="flex justify-end gap-2 border-t border-line px-4 py-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pager.prev")}
      </Button>
      <Button variant="secondary" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t("pager.next")}
      </Button>
    </div>
  );
}
