import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TeamEvent, TeamMemberStatus } from '@splashboard/contract';
import { dateTime } from '../../app/format.ts';
import './i18n.ts';

/** Invited or Active, with when the invitation stops working while it is out. */
export function MemberStatus({
  status,
  expiresAt,
  owner = false,
}: {
  status: TeamMemberStatus;
  expiresAt: string | null;
  owner?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const expired = expiresAt !== null && Date.parse(expiresAt) < Date.now();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant={status === 'active' ? 'filled' : 'outlined'}
        color={status === 'active' ? 'success' : 'default'}
        label={t(`team.status.${status}`)}
      />
      {owner && <Chip size="small" color="primary" label={t('team.owner')} />}
      {status === 'invited' && expiresAt && (
        <Typography variant="body2" color={expired ? 'error' : 'text.secondary'}>
          {t(expired ? 'team.expired' : 'team.expires', { when: dateTime(expiresAt, i18n.language) })}
        </Typography>
      )}
    </Stack>
  );
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

interface SiteChange {
  site_id: number;
  site_name: string;
  areas: Record<string, [unknown, unknown]>;
}
const isSiteChange = (v: unknown): v is SiteChange =>
  typeof v === 'object' && v !== null && 'site_id' in v && 'areas' in v && typeof v.areas === 'object';
const isPair = (v: unknown): v is [unknown, unknown] => Array.isArray(v) && v.length === 2 && !v.some(isSiteChange);

/**
 * What an event changed, in words: "field: before → after" for each changed field, "site · area: before →
 * after" for each level changed at a site, other values as they came (the role and the email are left out:
 * the page shows them).
 */
function useDetailText() {
  const { t, i18n } = useTranslation();
  const label = (key: string) => {
    if (i18n.exists(`team.areas.${key}`)) return t(`team.areas.${key}`);
    if (i18n.exists(`team.${key}`)) return t(`team.${key}`);
    return key;
  };
  const value = (v: unknown) => (typeof v === 'string' && i18n.exists(`team.levels.${v}`) ? t(`team.levels.${v}`) : shown(v));
  const change = (field: string, [before, after]: [unknown, unknown]) =>
    t('team.history.change', { field, before: value(before), after: value(after) });
  return (detail: Record<string, unknown>): string[] =>
    Object.entries(detail).flatMap(([key, v]) => {
      if (key === 'role' || key === 'email') return [];
      if (Array.isArray(v) && v.every(isSiteChange))
        return v.flatMap((site) =>
          Object.entries(site.areas).map(([area, pair]) => change(`${site.site_name || site.site_id} · ${label(area)}`, pair)),
        );
      if (isPair(v)) return [change(label(key), v)];
      return [`${label(key)}: ${value(v)}`];
    });
}

/** Who changed what, when: the member's recorded changes, newest first as the server gives them. */
export function ChangeHistory({ events }: { events: TeamEvent[] }) {
  const { t, i18n } = useTranslation();
  const detailText = useDetailText();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('team.history.title')}
      </Typography>
      {events.length === 0 ? (
        <Typography color="text.secondary">{t('team.history.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('team.history.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('team.history.when')}</TableCell>
              <TableCell>{t('team.history.who')}</TableCell>
              <TableCell>{t('team.history.what')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(e.at, i18n.language)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {e.actor
                    ? `${e.actor.name} (${e.actor.email})`
                    : t(e.action === 'accepted' ? 'team.history.themselves' : 'team.history.someone')}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2">{t(`team.history.actions.${e.action}`)}</Typography>
                  {detailText(e.detail).map((line) => (
                    <Typography key={line} variant="body2" color="text.secondary">
                      {line}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
