import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import type { MacAdmission, MacEntry } from '@splashboard/contract';
import { NETWORK_COLOUR } from './format.ts';
import { EditIcon as Edit, DeleteIcon as Delete } from '../../components/icons.ts';

/** Where the device stands: the controller's answer (UniFi), or who admits it when nothing is sent (none). */
function NetworkChip({ entry, admission }: { entry: MacEntry; admission: MacAdmission }) {
  const { t } = useTranslation();
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={NETWORK_COLOUR[entry.network_status]}
      label={
        entry.network_status === 'none' ? t(`whitelist.admission.${admission}`) : t(`whitelist.network.${entry.network_status}`)
      }
    />
  );
  return entry.network_detail ? (
    <Tooltip title={t('whitelist.networkDetail', { detail: entry.network_detail })}>{chip}</Tooltip>
  ) : (
    chip
  );
}

function Actions({ entry, onDelete }: { entry: MacEntry; onDelete: (e: MacEntry) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5}>
      <IconButton
        component={RouterLink}
        to={`/app/whitelist/edit/${entry.id}`}
        aria-label={`${t('whitelist.edit')} ${entry.mac}`}
        size="small"
      >
        <Edit fontSize="small" />
      </IconButton>
      <IconButton onClick={() => onDelete(entry)} aria-label={`${t('whitelist.delete')} ${entry.mac}`} size="small">
        <Delete fontSize="small" />
      </IconButton>
    </Stack>
  );
}

/** The devices of a page: a table on a wide screen, a list on a phone; edit and delete only with write access. */
export function EntryList({
  items,
  admission,
  canWrite,
  onDelete,
}: {
  items: MacEntry[];
  admission: MacAdmission;
  canWrite: boolean;
  onDelete: (e: MacEntry) => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  if (narrow)
    return (
      <List disablePadding aria-label={t('whitelist.title')}>
        {items.map((e) => (
          <ListItem
            key={e.id}
            divider
            secondaryAction={canWrite ? <Actions entry={e} onDelete={onDelete} /> : undefined}
            sx={{ pr: canWrite ? 12 : 2 }}
          >
            <ListItemText
              primary={
                <Box component="span" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                  {e.mac}
                </Box>
              }
              secondary={
                <Stack component="span" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {[e.external_ip, e.description].filter(Boolean).join(' · ')}
                  </Box>
                  <NetworkChip entry={e} admission={admission} />
                </Stack>
              }
              slotProps={{ secondary: { component: 'span' } }}
            />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Table size="small" aria-label={t('whitelist.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('whitelist.columns.mac')}</TableCell>
          <TableCell>{t('whitelist.columns.externalIp')}</TableCell>
          <TableCell>{t('whitelist.columns.description')}</TableCell>
          <TableCell>{t('whitelist.columns.network')}</TableCell>
          {canWrite && <TableCell align="right">{t('whitelist.columns.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((e) => (
          <TableRow key={e.id} hover>
            <TableCell sx={{ fontFamily: 'monospace' }}>{e.mac}</TableCell>
            <TableCell>{e.external_ip}</TableCell>
            <TableCell>{e.description}</TableCell>
            <TableCell>
              <NetworkChip entry={e} admission={admission} />
            </TableCell>
            {canWrite && (
              <TableCell align="right">
                <Actions entry={e} onDelete={onDelete} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
