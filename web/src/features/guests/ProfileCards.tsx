import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { GuestDetails } from '@splashboard/contract';
import { bytes, dateTime, duration } from './format.ts';

/** Label and value pairs, in two columns where there is room. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(96px, 40%) 1fr', sm: 'minmax(140px, auto) 1fr' },
        gap: 0.5,
        columnGap: 2,
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** What the guest told us (custom answers included), and when they came. */
export function ProfileCard({ guest, timeZone }: { guest: GuestDetails['guest']; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const f = (key: string) => t(`guests.details.fields.${key}`);
  const yesNo = (v: boolean) => (v ? t('guests.details.yes') : t('guests.details.no'));
  const method = (m: string) => t(`sites.methods.${m}`, { defaultValue: m });
  const when = (iso: string | null) => dateTime(iso, i18n.language, timeZone);
  const given: [string, string | null][] = [
    [f('firstName'), guest.first_name],
    [f('lastName'), guest.last_name],
    [f('email'), guest.email],
    [f('phone'), guest.phone],
    [f('gender'), guest.gender && t(`guests.details.genders.${guest.gender}`, { defaultValue: guest.gender })],
    [
      f('birthday'),
      guest.birthday && new Date(`${guest.birthday}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC' }),
    ],
    [f('country'), guest.country],
    [f('postcode'), guest.postcode],
  ];
  const custom = Object.entries(guest.fields).map(([k, v]): [string, string] => [k, typeof v === 'boolean' ? yesNo(v) : v]);
  return (
    <Section title={t('guests.details.profile')}>
      <Facts
        rows={[
          ...given.filter((r): r is [string, string] => Boolean(r[1])),
          [f('marketing'), yesNo(guest.marketing_consent)],
          [f('emailVerified'), guest.email_verified_at ? when(guest.email_verified_at) : t('guests.details.no')],
          [f('visits'), guest.visits],
          [f('firstSeen'), when(guest.first_seen)],
          [f('lastSeen'), when(guest.last_seen)],
          [f('firstMethod'), method(guest.first_method)],
          [f('lastMethod'), method(guest.last_method)],
        ]}
      />
      {custom.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('guests.details.otherAnswers')}
          </Typography>
          <Facts rows={custom} />
        </>
      )}
    </Section>
  );
}

export function UsageCard({ usage }: { usage: GuestDetails['usage'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t('guests.details.usage')}>
      <Facts
        rows={[
          [t('guests.details.usageSessions'), usage.sessions.toLocaleString(i18n.language)],
          [t('guests.details.usageTime'), duration(t, usage.minutes_online)],
          [t('guests.details.usageDown'), bytes(usage.bytes_down, i18n.language)],
          [t('guests.details.usageUp'), bytes(usage.bytes_up, i18n.language)],
        ]}
      />
    </Section>
  );
}
