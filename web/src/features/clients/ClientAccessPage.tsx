import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CLIENT_AREAS, type AreaAccess, type SiteClientAccess } from '@splashboard/contract';
import { get, put } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useErrorText } from '../../app/errorText.ts';
import { MemberStatus } from '../admins/team.tsx';
import { LevelSelect } from './AccessMatrix.tsx';
import './i18n.ts';

type Row = SiteClientAccess['clients'][number];

/** One client's seven levels at this site, saved on their own. */
function ClientRow({ client, siteId, canWrite }: { client: Row; siteId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [access, setAccess] = useState<AreaAccess>(client.access);
  const [saved, setSaved] = useState<AreaAccess>(client.access);
  const [busy, setBusy] = useState(false);
  const changed = CLIENT_AREAS.some((a) => access[a] !== saved[a]);
  const save = async () => {
    setBusy(true);
    try {
      await put(`/s/${siteId}/api/v1/clientaccess/${client.id}`, { access });
      setSaved(access);
      enqueueSnackbar(t('clients.access.savedFor', { name: client.name }), { variant: 'success' });
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('team.saveFailed')), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TableRow data-testid={`client-access-${client.email}`}>
      <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {client.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {client.email}
        </Typography>
        <MemberStatus status={client.status} expiresAt={null} />
      </TableCell>
      {CLIENT_AREAS.map((a) => (
        <TableCell key={a}>
          <LevelSelect
            value={access[a]}
            label={t('clients.matrix.cell', { site: client.name, area: t(`team.areas.${a}`) })}
            disabled={!canWrite || busy}
            onChange={(l) => setAccess({ ...access, [a]: l })}
          />
        </TableCell>
      ))}
      {canWrite && (
        <TableCell>
          <Button size="small" variant="contained" disabled={!changed || busy} onClick={save}>
            {t('clients.access.save')}
          </Button>
        </TableCell>
      )}
    </TableRow>
  );
}

/** /app/settings-view/client-access: the selected site's clients and their levels, saved per client. */
export function ClientAccessPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const [data, setData] = useState<SiteClientAccess | null>(null);

  const load = useCallback(() => {
    if (!siteId) return;
    get<SiteClientAccess>(`/s/${siteId}/api/v1/clientaccess/`).then(setData, () =>
      enqueueSnackbar(t('team.loadFailed'), { variant: 'error' }),
    );
  }, [siteId, enqueueSnackbar, t]);
  useEffect(load, [load]);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('clients.access.title')}
      </Typography>
      <Typography color="text.secondary">{t('clients.access.intro')}</Typography>
      {data && !data.can_write && <Alert severity="info">{t('clients.access.readOnly')}</Alert>}
      {data && siteId && (
        <Paper variant="outlined">
          {data.clients.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('clients.access.none')}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('clients.access.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('team.name')}</TableCell>
                    {CLIENT_AREAS.map((a) => (
                      <TableCell key={a}>{t(`team.areas.${a}`)}</TableCell>
                    ))}
                    {data.can_write && <TableCell>{t('team.actions')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.clients.map((c) => (
                    <ClientRow key={`${siteId}-${c.id}`} client={c} siteId={siteId} canWrite={data.can_write} />
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Paper>
      )}
    </Stack>
  );
}
