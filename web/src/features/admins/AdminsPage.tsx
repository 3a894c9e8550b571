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
import type { Admin } from '@splashboard/contract';
import { del, get, post } from '../../app/api.ts';
import { useErrorText } from '../../app/errorText.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { AddIcon as Add, DeleteIcon as Delete, EditIcon as Edit } from '../../components/icons.ts';
import { MemberStatus } from './team.tsx';

export const ADMINS_API = '/a/api/v1/admins/';

/** /app/admins: the account's admins, the owner first; invite, resend an invitation, remove (not the owner). */
export function AdminsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const [items, setItems] = useState<Admin[] | null>(null);
  const [removing, setRemoving] = useState<Admin | null>(null);

  const load = useCallback(() => {
    get<{ items: Admin[] }>(ADMINS_API).then(
      (list) => setItems(list.items),
      () => enqueueSnackbar(t('team.loadFailed'), { variant: 'error' }),
    );
  }, [enqueueSnackbar, t]);
  useEffect(load, [load]);

  const resend = async (admin: Admin) => {
    try {
      await post(`${ADMINS_API}${admin.id}/resend`);
      enqueueSnackbar(t('team.resent'), { variant: 'success' });
      load();
    } catch (err) {
      enqueueSnackbar(errorText.error(err, t('team.resendFailed')), { variant: 'error' });
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await del(`${ADMINS_API}${removing.id}`);
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
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/app/admins/create">
            {t('admins.create')}
          </Button>
        }
      >
        <Typography variant="h4" component="h1">
          {t('admins.title')}
        </Typography>
      </PageHeader>
      <Typography color="text.secondary">{t('admins.intro')}</Typography>
      {items && (
        <Paper variant="outlined">
          {items.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('admins.none')}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('admins.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('team.name')}</TableCell>
                    <TableCell>{t('team.email')}</TableCell>
                    <TableCell>{t('admins.columns.status')}</TableCell>
                    <TableCell align="right">{t('team.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((a) => (
                    <TableRow key={a.id} hover data-testid={`admin-${a.email}`}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.name}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.email}</TableCell>
                      <TableCell>
                        <MemberStatus status={a.status} expiresAt={a.invitation_expires_at} owner={a.is_owner} />
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                          {a.status === 'invited' && (
                            <Button size="small" onClick={() => resend(a)}>
                              {t('team.resend')}
                            </Button>
                          )}
                          <IconButton
                            component={RouterLink}
                            to={`/app/admins/edit/${a.id}`}
                            aria-label={`${t('admins.form.editTitle', { name: a.name })}`}
                            size="small"
                          >
                            <Edit fontSize="small" />
                          </IconButton>
                          {a.is_owner ? (
                            <Tooltip title={t('admins.ownerNotRemovable')}>
                              <span>
                                <IconButton disabled size="small" aria-label={t('admins.ownerNotRemovable')}>
                                  <Delete fontSize="small" />
                                </IconButton>
                              </span>
                            </Tooltip>
                          ) : (
                            <IconButton onClick={() => setRemoving(a)} aria-label={`${t('team.remove')} ${a.name}`} size="small">
                              <Delete fontSize="small" />
                            </IconButton>
                          )}
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
        title={t('admins.removeTitle', { name: removing?.name ?? '' })}
        body={t('admins.removeBody')}
        confirm={t('team.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}
