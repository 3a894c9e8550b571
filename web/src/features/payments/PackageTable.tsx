import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import IconButton from '@mui/material/IconButton';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import type { Package } from '@splashboard/contract';
import { ArrowDownwardIcon, ArrowUpwardIcon, DragIndicatorIcon } from '../../components/icons.ts';
import { formatMoney } from './money.ts';
import { dataText, devicesText, durationText, speedText } from './format.ts';
import { packageFormPath } from './paths.ts';

export type PackageAction = 'archive' | 'restore' | 'delete';

interface Props {
  packages: Package[];
  /** Reordering (active packages of a writer): moves a package from one place to another. */
  onMove?: (from: number, to: number) => void;
  onAction?: (action: PackageAction, pkg: Package) => void;
  archived: boolean;
}

/** The packages as a table, in the order guests see them; rows dragged or moved with arrows when reordering. */
export function PackageTable({ packages, onMove, onAction, archived }: Props) {
  const { t, i18n } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const drop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragged !== null && dragged !== to) onMove?.(dragged, to);
    setDragged(null);
  };

  return (
    <TableContainer>
      <Table size="small" aria-label={t(archived ? 'payments.packages.archived' : 'payments.packages.active')}>
        <TableHead>
          <TableRow>
            {onMove && <TableCell>{t('payments.packages.columns.order')}</TableCell>}
            <TableCell>{t('payments.packages.columns.name')}</TableCell>
            <TableCell>{t('payments.packages.columns.price')}</TableCell>
            <TableCell>{t('payments.packages.columns.duration')}</TableCell>
            <TableCell>{t('payments.packages.columns.data')}</TableCell>
            <TableCell>{t('payments.packages.columns.speed')}</TableCell>
            <TableCell>{t('payments.packages.columns.devices')}</TableCell>
            {onAction && <TableCell>{t('payments.packages.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {packages.map((p, i) => (
            <TableRow
              key={p.id}
              hover
              draggable={!!onMove}
              onDragStart={() => setDragged(i)}
              onDragOver={(e) => onMove && e.preventDefault()}
              onDrop={(e) => drop(e, i)}
              sx={{ opacity: dragged === i ? 0.5 : 1 }}
            >
              {onMove && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box component="span" sx={{ cursor: 'grab', verticalAlign: 'middle', color: 'text.secondary' }}>
                    <DragIndicatorIcon fontSize="small" aria-hidden />
                  </Box>
                  <IconButton
                    size="small"
                    disabled={i === 0}
                    aria-label={t('payments.packages.moveUp', { name: p.name })}
                    onClick={() => onMove(i, i - 1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={i === packages.length - 1}
                    aria-label={t('payments.packages.moveDown', { name: p.name })}
                    onClick={() => onMove(i, i + 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Box>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {p.is_trial && <Chip size="small" color="info" label={t('payments.packages.trial')} />}
                    {p.recurring && <Chip size="small" color="primary" label={t('payments.packages.recurring')} />}
                    {p.transactions_count > 0 && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t('payments.packages.sold', { count: p.transactions_count })}
                      />
                    )}
                  </Stack>
                </Stack>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {p.is_trial ? t('payments.packages.free') : formatMoney(p.price, p.currency, i18n.language)}
              </TableCell>
              <TableCell>{durationText(t, p)}</TableCell>
              <TableCell>{dataText(t, p)}</TableCell>
              <TableCell>{speedText(t, p)}</TableCell>
              <TableCell>{devicesText(t, p)}</TableCell>
              {onAction && (
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {!archived && (
                      <Button
                        size="small"
                        component={RouterLink}
                        to={packageFormPath(p.id, p.is_trial)}
                        aria-label={t('payments.packages.editNamed', { name: p.name })}
                      >
                        {t('payments.packages.edit')}
                      </Button>
                    )}
                    {archived ? (
                      <Button size="small" onClick={() => onAction('restore', p)}>
                        {t('payments.packages.restore')}
                      </Button>
                    ) : (
                      <Button size="small" onClick={() => onAction('archive', p)}>
                        {t('payments.packages.archive')}
                      </Button>
                    )}
                    <Button size="small" color="error" onClick={() => onAction('delete', p)}>
                      {t('payments.packages.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
