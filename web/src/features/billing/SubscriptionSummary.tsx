import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Subscription } from '@splashboard/contract';
import { formatDay, formatMoney } from './money.ts';

/** The plan, its state and dates, the price, the next charge and the transaction fee. */
export function SubscriptionSummary({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const day = (iso: string | null) => formatDay(iso, lang);
  const rows: [string, string][] = [
    [t('account.plan'), sub.plan_type ? t(`signup.plans.${sub.plan_type}`) : '—'],
    [
      t('account.status'),
      sub.cancel_at_period_end && sub.status !== 'cancelled'
        ? `${t(`account.statuses.${sub.status}`)} · ${t('billing.endsAtPeriodEnd', { date: day(sub.current_period_end) })}`
        : t(`account.statuses.${sub.status}`),
    ],
  ];
  if (sub.status === 'trialing') rows.push([t('account.trialEnd'), day(sub.trial_end)]);
  else
    rows.push([
      t('billing.period'),
      t('billing.periodRange', { from: day(sub.current_period_start), to: day(sub.current_period_end) }),
    ]);
  rows.push(
    [
      t('account.price'),
      t('billing.perCycle', {
        money: formatMoney(sub.price, sub.currency, lang),
        cycle: t(`account.cycles.${sub.billing_cycle}`),
      }),
    ],
    [
      t('billing.nextCharge'),
      sub.next_charge
        ? t('billing.nextChargeValue', {
            money: formatMoney(sub.next_charge.amount, sub.next_charge.currency, lang),
            date: day(sub.next_charge.date),
          })
        : t('billing.none'),
    ],
    [t('billing.fee'), t('billing.feeValue', { fee: new Intl.NumberFormat(lang).format(sub.transaction_fee_percent) })],
  );
  return (
    <Table size="small" aria-label={t('account.subscription')}>
      <TableBody>
        {rows.map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th" sx={{ width: { sm: 240 } }}>
              {k}
            </TableCell>
            <TableCell>{v}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
