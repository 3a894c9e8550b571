import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Client } from '@splashboard/contract';
import { del, get, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AddIcon as Add, DeleteIcon as Delete, EditIcon as Edit } from '../../components/icons.ts';
import { MemberStatus } from '../admins/team.tsx';
import './i18n.ts';

export const CLIENTS_API = '/a/api/v1/clients/';

/** /app/clients: the account's clients; invite, resend an invitation, remove (their sessions end at once). */
export function ClientsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [items, setItems] = useState<Client[] | null>(null);
  const [removing, setRemoving] = useState<Client | null>(null);

  const load = useCallback(() => {
    get<{ items: Client[] }>(CLIENTS_API).then(
      (list) => setItems(list.items),
      () => enqueueSnackbar(t('team.loadFailed'), { variant: 'error' }),
    );
  }, [enqueueSnackbar, t]);
  useEffect(load, [load]);

  const resend = async (client: Client) => {
    try {
      await post(`${CLIENTS_API}${client.id}/resend`);
      enqueueSnackbar(t('team.resent'), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('team.resendFailed')), { variant: 'error' });
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await del(`${CLIENTS_API}${removing.id}`);
      enqueueSnackbar(t('team.removed'), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('team.removeFailed')), { variant: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/app/clients/create">
            {t('clients.create')}
          </Button>
        }
      >
        <Typography variant="h4" component="h1">
          {t('clients.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('clients.intro')}</Typography>
      {items && (
        <Paper variant="outlined">
          {items.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('clients.none')}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('clients.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('team.name')}</TableCell>
                    <TableCell>{t('team.email')}</TableCell>
                    <TableCell>{t('clients.columns.status')}</TableCell>
                    <TableCell>{t('clients.columns.sites')}</TableCell>
                    <TableCell align="right">{t('team.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((c) => (
                    <TableRow key={c.id} hover data-testid={`client-${c.email}`}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.name}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.email}</TableCell>
                      <TableCell>
                        <MemberStatus status={c.status} expiresAt={c.invitation_expires_at} />
                      </TableCell>
                      <TableCell>
                        <Tooltip title={c.sites.map((s) => s.site_name).join(', ')}>
                          <span>{t('clients.sitesCount', { count: c.sites.length })}</span>
                        </Tooltip>
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                          {c.status === 'invited' && (
                            <Button size="small" onClick={() => resend(c)}>
                              {t('team.resend')}
                            </Button>
                          )}
                          <IconButton
                            component={RouterLink}
                            to={`/app/clients/edit/${c.id}`}
                            aria-label={t('clients.form.editTitle', { name: c.name })}
                            size="small"
                          >
                            <Edit fontSize="small" />
                          </IconButton>
                          <IconButton onClick={() => setRemoving(c)} aria-label={`${t('team.remove')} ${c.name}`} size="small">
                            <Delete fontSize="small" />
                          </IconButton>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Paper>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('clients.removeTitle', { name: removing?.name ?? '' })}
        body={t('clients.removeBody')}
        confirm={t('team.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}
