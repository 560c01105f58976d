/** @jsxImportSource hono/jsx */
/** The views of usage this month. */
import type { DashT } from "../../i18n";
import type { usageThisMonth } from "../../domain/quota";

export function UsageView(p: { t: DashT; u: Awaited<ReturnType<typeof usageThisMonth>> }) {
  const { u, t } = p;
  const money = (cents: number | null) =>
    cents === null ? t("st_no_limit") : new Intl.NumberFormat(t.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return (
    <dl class="facts">
      <dt>{t("st_plan")}</dt>
      <dd>
        {u.planName} ({u.plan})
      </dd>
      <dt>{t("st_month")}</dt>
      <dd>{u.period}</dd>
      <dt>{t("st_sent_live")}</dt>
      <dd>
        {t.num(u.agreements)} {u.included === null ? t("st_no_limit_plan") : t("st_of_included", { included: t.num(u.included) })}
      </dd>
      {u.included !== null ? (
        <>
          <dt>{t("st_beyond")}</dt>
          <dd>
            {u.overageCents === null
              ? t("st_no_overage")
              : t("st_overage", { count: t.num(u.overage), spent: money(u.overageSpentCents), limit: money(u.spendingLimitCents) })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
