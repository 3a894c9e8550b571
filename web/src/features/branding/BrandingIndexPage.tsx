import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
import { useAppSelector } from '../../app/hooks.ts';

const CARDS = [
  { key: 'logo', permission: 'branding' },
  { key: 'header', permission: 'branding' },
  { key: 'login-page-branding', permission: 'branding' },
  { key: 'footer', permission: 'branding' },
  { key: 'splash-footer', permission: 'branding' },
  { key: 'domain', permission: 'branding' },
  { key: 'emails', permission: 'branding' },
  { key: 'client-invite', permission: 'branding' },
  { key: 'invoice', permission: 'payment_branding' },
  { key: 'pay-account', permission: 'payment_branding' },
  { key: 'pay-expiry', permission: 'payment_branding' },
] as const;

/** /app/branding: a card per subpage (payment branding's only with its permission). */
export function BrandingIndexPage() {
  const { t } = useTranslation();
  const permissions = useAppSelector((s) => s.session.user?.permissions);
  const cards = CARDS.filter((c) => permissions?.[c.permission]);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('branding.title')}
      </Typography>
      <Typography color="text.secondary">{t('branding.intro')}</Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {cards.map((c) => (
          <li key={c.key}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/app/branding/${c.key}`} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {t(`branding.sections.${c.key}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`branding.sections.${c.key}.desc`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Stack>
  );
}
