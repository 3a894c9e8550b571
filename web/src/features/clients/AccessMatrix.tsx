import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import NativeSelect from '@mui/material/NativeSelect';
import { ACCESS_LEVELS, CLIENT_AREAS, type AccessLevel, type AreaAccess, type ClientArea } from '@splashboard/contract';
import './i18n.ts';

export const NO_ACCESS: AreaAccess = Object.fromEntries(CLIENT_AREAS.map((a) => [a, 'none'])) as AreaAccess;
export const allAt = (level: AccessLevel): AreaAccess => Object.fromEntries(CLIENT_AREAS.map((a) => [a, level])) as AreaAccess;
export const givesAny = (access: AreaAccess) => CLIENT_AREAS.some((a) => access[a] !== 'none');

/** One area's level: No Access, Read Only or Read/Write. */
export function LevelSelect({
  value,
  label,
  disabled,
  onChange,
}: {
  value: AccessLevel;
  label: string;
  disabled?: boolean;
  onChange: (level: AccessLevel) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as AccessLevel)}
      inputProps={{ 'aria-label': label }}
      sx={{ minWidth: 130, fontSize: 14 }}
    >
      {ACCESS_LEVELS.map((l) => (
        <option key={l} value={l}>
          {t(`team.levels.${l}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** A helper that sets many cells at once: a choice that goes back to "Choose…" once applied. */
function SetMany({ label, disabled, onSet }: { label: string; disabled?: boolean; onSet: (level: AccessLevel) => void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      value=""
      disabled={disabled}
      onChange={(e) => e.target.value && onSet(e.target.value as AccessLevel)}
      inputProps={{ 'aria-label': label }}
      sx={{ minWidth: 130, fontSize: 14 }}
    >
      <option value="">{t('clients.matrix.choose')}</option>
      {ACCESS_LEVELS.map((l) => (
        <option key={l} value={l}>
          {t(`team.levels.${l}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

export type SiteAccessMap = Record<number, AreaAccess>;

/** Sites down, the seven areas across, a level in each cell; "set all" for everything, a site, or an area. */
export function AccessMatrix({
  sites,
  value,
  onChange,
  disabled,
}: {
  sites: { id: number; name: string }[];
  value: SiteAccessMap;
  onChange: (v: SiteAccessMap) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const of = (siteId: number) => value[siteId] ?? NO_ACCESS;
  const setCell = (siteId: number, area: ClientArea, level: AccessLevel) =>
    onChange({ ...value, [siteId]: { ...of(siteId), [area]: level } });
  const setSite = (siteId: number, level: AccessLevel) => onChange({ ...value, [siteId]: allAt(level) });
  const setArea = (area: ClientArea, level: AccessLevel) =>
    onChange(Object.fromEntries(sites.map((s) => [s.id, { ...of(s.id), [area]: level }])));
  const setAll = (level: AccessLevel) => onChange(Object.fromEntries(sites.map((s) => [s.id, allAt(level)])));

  if (sites.length === 0) return <Typography color="text.secondary">{t('clients.matrix.noSites')}</Typography>;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('clients.matrix.setAll')}</Typography>
        {ACCESS_LEVELS.map((l) => (
          <Button key={l} size="small" variant="outlined" disabled={disabled} onClick={() => setAll(l)}>
            {t(`team.levels.${l}`)}
          </Button>
        ))}
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('clients.matrix.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('clients.matrix.site')}</TableCell>
              {CLIENT_AREAS.map((a) => (
                <TableCell key={a}>{t(`team.areas.${a}`)}</TableCell>
              ))}
              <TableCell>{t('clients.matrix.setSite')}</TableCell>
            </TableRow>
            {sites.length > 1 && (
              <TableRow>
                <TableCell>{t('clients.matrix.setArea')}</TableCell>
                {CLIENT_AREAS.map((a) => (
                  <TableCell key={a}>
                    <SetMany
                      label={`${t('clients.matrix.setArea')} · ${t(`team.areas.${a}`)}`}
                      disabled={disabled}
                      onSet={(l) => setArea(a, l)}
                    />
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {sites.map((s) => (
              <TableRow key={s.id} data-testid={`access-site-${s.id}`}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                  {s.name}
                </TableCell>
                {CLIENT_AREAS.map((a) => (
                  <TableCell key={a}>
                    <LevelSelect
                      value={of(s.id)[a]}
                      label={t('clients.matrix.cell', { site: s.name, area: t(`team.areas.${a}`) })}
                      disabled={disabled}
                      onChange={(l) => setCell(s.id, a, l)}
                    />
                  </TableCell>
                ))}
                <TableCell>
                  <SetMany
                    label={`${t('clients.matrix.setSite')} · ${s.name}`}
                    disabled={disabled}
                    onSet={(l) => setSite(s.id, l)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

/** What the API takes: each site given at least one area. */
export const sitesInput = (value: SiteAccessMap) =>
  Object.entries(value)
    .filter(([, access]) => givesAny(access))
    .map(([siteId, access]) => ({ site_id: Number(siteId), access }));
