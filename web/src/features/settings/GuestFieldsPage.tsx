import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LOGIN_FIELD_TITLES, type GuestField, type LoginFieldType } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import './i18n.ts';

// Long method names in Spanish must wrap inside a phone's narrow column instead of overflowing it.
const wrappingChip = { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } };

/** /app/settings-view/guest-fields: what the site's login methods ask guests for, merged by field. */
export function GuestFieldsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const siteId = useAppSelector((s) => s.site.selectedSiteId);
  const canDesign = useAppSelector((s) => Boolean(s.site.settings?.permissions.landingpage));
  const [fields, setFields] = useState<GuestField[] | null>(null);

  useEffect(() => {
    if (!siteId) return;
    get<{ fields: GuestField[] }>(`/s/api/v1/site/${siteId}/guestfields`).then(
      (r) => setFields(r.fields),
      () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
    );
  }, [siteId, enqueueSnackbar, t]);

  if (!fields) return null;
  const kindOf = (type: string) => t(`fieldKinds.${type}`, { defaultValue: type });
  const method = (m: string) => t(`sites.methods.${m}`, { defaultValue: m });

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Typography variant="h4" component="h1">
        {t('settings.guestFields.title')}
      </Typography>
      <Typography color="text.secondary">{t('settings.guestFields.intro')}</Typography>
      {fields.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>{t('settings.guestFields.none')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table
            aria-label={t('settings.guestFields.title')}
            data-testid="guest-fields"
            sx={{ '& td, & th': { px: { xs: 1.5, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('settings.guestFields.field')}</TableCell>
                <TableCell>{t('settings.guestFields.askedIn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f) => {
                // A title left as it came is shown in the dashboard's language; one the operator wrote, as written.
                const ownTitle = f.title !== LOGIN_FIELD_TITLES[f.field_type as LoginFieldType];
                return (
                  <TableRow key={`${f.field_type}:${f.title}`}>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {ownTitle ? f.title : kindOf(f.field_type)}
                      </Typography>
                      {ownTitle && (
                        <Typography variant="caption" color="text.secondary">
                          {kindOf(f.field_type)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, '& .MuiChip-root': wrappingChip }}>
                        {f.methods.map((m) =>
                          f.mandatory_in.includes(m) ? (
                            <Chip
                              key={m}
                              size="small"
                              color="primary"
                              label={t('settings.guestFields.required', { method: method(m) })}
                            />
                          ) : (
                            <Chip key={m} size="small" variant="outlined" label={method(m)} />
                          ),
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      {fields.some((f) => f.mandatory_in.length > 0) && (
        <Typography variant="body2" color="text.secondary">
          {t('settings.guestFields.requiredHelp')}
        </Typography>
      )}
      {canDesign ? (
        <Button component={RouterLink} to="/app/site/splash-pages" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('settings.guestFields.change')}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('settings.guestFields.changeHelp')}
        </Typography>
      )}
    </Stack>
  );
}
