import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useAppSelector } from '../app/hooks.ts';

/** The account's footer under every signed-in page (provider plan's branding); none in the product's own look. */
export function BrandFooter() {
  const { t } = useTranslation();
  const footer = useAppSelector((s) => s.brand.footer);
  if (!footer) return null;
  return (
    <Box
      component="footer"
      data-testid="brand-footer"
      sx={{
        mt: 4,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        fontSize: 14,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
      }}
    >
      {footer.text && <Box component="span">{footer.text}</Box>}
      {footer.support_email && <Link href={`mailto:${footer.support_email}`}>{t('layout.supportEmail')}</Link>}
      {footer.support_url && (
        <Link href={footer.support_url} target="_blank" rel="noopener noreferrer">
          {t('layout.supportSite')}
        </Link>
      )}
      {!footer.hide_powered_by && <Box component="span">{t('layout.poweredBy')}</Box>}
    </Box>
  );
}
