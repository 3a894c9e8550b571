import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import type { BrandingSection, BrandingSettings } from '@splashboard/contract';
import { useAppSelector } from '../../app/hooks.ts';
import { fillMerge } from './fields.ts';

/** The top bar's background in the light theme (its primary colour, web/src/app/theme.ts). */
const LIGHT_TOP_BAR = '#1565c0';

type Props<S extends BrandingSection> = { values: BrandingSettings[S] };

/** What a section changes, drawn from the values being edited (not yet saved). */
export function SectionPreview<S extends BrandingSection>({ section, values }: { section: S; values: BrandingSettings[S] }) {
  const v = values as BrandingSettings[BrandingSection];
  switch (section) {
    case 'logo':
      return <TopBarPreview logo={v as BrandingSettings['logo']} />;
    case 'header':
      return <TopBarPreview header={v as BrandingSettings['header']} />;
    case 'login-page-branding':
      return <LoginPreview values={v as BrandingSettings['login-page-branding']} />;
    case 'footer':
      return <FooterPreview values={v as BrandingSettings['footer']} />;
    case 'splash-footer':
      return <SplashFooterPreview values={v as BrandingSettings['splash-footer']} />;
    case 'emails':
      return <EmailPreview values={v as BrandingSettings['emails']} />;
    case 'client-invite':
      return <InvitePreview values={v as BrandingSettings['client-invite']} />;
    case 'invoice':
      return <InvoicePreview values={v as BrandingSettings['invoice']} />;
    default:
      return <PaymentEmailPreview values={v as BrandingSettings['pay-account']} />;
  }
}

/** The top bar with the edited logo or colours, the other part as saved. */
function TopBarPreview({ logo, header }: { logo?: BrandingSettings['logo']; header?: BrandingSettings['header'] }) {
  const { t } = useTranslation();
  const saved = useAppSelector((s) => s.brand);
  const l = logo ?? saved.logo;
  const h = header ?? saved.header;
  return (
    <Stack spacing={1}>
      {[false, true].map((dark) => {
        const image = (dark && l?.logo_dark_image) || l?.logo_image;
        return (
          <Box
            key={String(dark)}
            data-testid={dark ? 'top-bar-preview-dark' : 'top-bar-preview'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              height: 56,
              borderRadius: 1,
              fontWeight: 600,
              // The top bar's own colours in each theme (the light theme's primary, whatever theme shows the page).
              bgcolor: h?.background_color || (dark ? '#272727' : LIGHT_TOP_BAR),
              color: h?.text_color || '#fff',
            }}
          >
            {image ? (
              <Box component="img" src={image} alt="" sx={{ height: 32, maxWidth: 160, objectFit: 'contain' }} />
            ) : (
              <Box sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.3)' }} />
            )}
            <span>{l?.app_name || 'Splashboard'}</span>
            <Box sx={{ flex: 1 }} />
            <Box sx={{ fontSize: 13, border: 1, borderRadius: 1, px: 1, py: 0.25 }}>{t('layout.switchSite')}</Box>
          </Box>
        );
      })}
    </Stack>
  );
}

function LoginPreview({ values }: Props<'login-page-branding'>) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="login-preview"
      sx={{
        p: 3,
        borderRadius: 1,
        bgcolor: values.background_color || 'background.default',
        ...(values.background_image && {
          backgroundImage: `url("${encodeURI(values.background_image)}")`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }),
      }}
    >
      <Box
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          p: 3,
          maxWidth: 320,
          mx: 'auto',
          boxShadow: 3,
        }}
      >
        {values.logo_image && (
          <Box component="img" src={values.logo_image} alt="" sx={{ display: 'block', maxHeight: 48, mb: 1 }} />
        )}
        <Typography variant="h6" component="p">
          {values.heading || t('branding.sample.signInTitle')}
        </Typography>
        {values.subheading && (
          <Typography variant="body2" color="text.secondary">
            {values.subheading}
          </Typography>
        )}
        <FakeInput label={t('branding.sample.emailField')} />
        <FakeInput label={t('branding.sample.passwordField')} />
        <Box
          sx={{
            mt: 2,
            py: 1,
            textAlign: 'center',
            borderRadius: 1,
            // Our button as the theme draws it, or the account's colour with white text.
            color: values.button_color ? '#fff' : 'primary.contrastText',
            fontWeight: 500,
            bgcolor: values.button_color || 'primary.main',
          }}
        >
          {t('branding.sample.signIn')}
        </Box>
      </Box>
    </Box>
  );
}

const FakeInput = ({ label }: { label: string }) => (
  <Box
    sx={{ mt: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, fontSize: 14, color: 'text.secondary' }}
  >
    {label}
  </Box>
);

function FooterPreview({ values }: Props<'footer'>) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ py: 3, textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: 'divider' }}
      >
        {t('branding.sample.page')}
      </Typography>
      <Box
        sx={{
          mt: 2,
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
        {values.text && <span>{values.text}</span>}
        {values.support_email && <Link component="span">{t('layout.supportEmail')}</Link>}
        {values.support_url && <Link component="span">{t('layout.supportSite')}</Link>}
        {!values.hide_powered_by && <span>{t('layout.poweredBy')}</span>}
      </Box>
    </Box>
  );
}

function SplashFooterPreview({ values }: Props<'splash-footer'>) {
  const { t } = useTranslation();
  const line: ReactNode = values.hidden ? (
    <em>{t('branding.sample.noPoweredBy')}</em>
  ) : values.text || values.logo_image ? (
    <>
      {values.logo_image && (
        <Box component="img" src={values.logo_image} alt="" sx={{ height: 16, verticalAlign: 'middle', mr: 0.5 }} />
      )}
      {values.link_url ? <Link component="span">{values.text}</Link> : values.text}
    </>
  ) : (
    t('branding.sample.ourPoweredBy')
  );
  return (
    <Box sx={{ bgcolor: '#f3f4f6', color: '#111', p: 2, borderRadius: 1 }}>
      <Box sx={{ bgcolor: '#fff', borderRadius: 2, p: 2, maxWidth: 300, mx: 'auto', textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('branding.sample.guestPage')}</Typography>
        <Box sx={{ mt: 1.5, py: 1, borderRadius: 1, bgcolor: '#1976d2', color: '#fff' }}>{t('branding.sample.connect')}</Box>
        <Typography variant="caption" component="p" sx={{ mt: 2, color: '#555' }} data-testid="splash-footer-preview">
          {line}
        </Typography>
      </Box>
    </Box>
  );
}

/** An email as the mailer lays it out in the account's brand. */
function EmailFrame({
  sender,
  replyTo,
  subject,
  logo,
  accent,
  footer,
  children,
}: {
  sender: string;
  replyTo?: string;
  subject: string;
  logo?: string;
  accent?: string;
  footer?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const colour = accent || '#1976d2';
  return (
    <Stack spacing={1}>
      <Box sx={{ fontSize: 14 }}>
        <div>
          <strong>{t('branding.sample.from')}:</strong> {sender} &lt;no-reply@…&gt;
        </div>
        {replyTo && (
          <div>
            <strong>{t('branding.sample.replyTo')}:</strong> {replyTo}
          </div>
        )}
        <div>
          <strong>{t('branding.sample.subjectLabel')}:</strong> {subject}
        </div>
      </Box>
      <Box sx={{ bgcolor: '#f5f5f5', p: 1.5, borderRadius: 1 }}>
        <Box sx={{ bgcolor: '#fff', color: '#222', maxWidth: 480, mx: 'auto', fontFamily: 'Arial, Helvetica, sans-serif' }}>
          {logo ? (
            <Box sx={{ px: 2, py: 1.5, borderBottom: `4px solid ${colour}` }}>
              <Box component="img" src={logo} alt="" sx={{ maxHeight: 40, maxWidth: 200 }} />
            </Box>
          ) : (
            <Box sx={{ borderTop: `4px solid ${colour}` }} />
          )}
          <Box sx={{ p: 2, fontSize: 14, whiteSpace: 'pre-line', '& .link': { color: colour, textDecoration: 'underline' } }}>
            {children}
          </Box>
          {footer && (
            <Box sx={{ px: 2, py: 1.5, color: '#666', fontSize: 12, borderTop: '1px solid #eee', whiteSpace: 'pre-line' }}>
              {footer}
            </Box>
          )}
        </Box>
      </Box>
    </Stack>
  );
}

function EmailPreview({ values }: Props<'emails'>) {
  const { t } = useTranslation();
  return (
    <EmailFrame
      sender={values.sender_name || 'Splashboard'}
      replyTo={values.reply_to}
      subject={t('branding.sample.emailLink')}
      logo={values.logo_image}
      accent={values.accent_color}
      footer={values.footer_text}
    >
      {t('branding.sample.emailBody')}
      {'\n\n'}
      <span className="link">{t('branding.sample.emailLink')}</span>
    </EmailFrame>
  );
}

function useSampleMerge() {
  const { t } = useTranslation();
  return {
    account_name: t('branding.sample.accountName'),
    inviter_name: t('branding.sample.inviterName'),
    client_name: t('branding.sample.clientName'),
    link: 'https://…',
    guest_name: t('branding.sample.guestName'),
    username: t('branding.sample.username'),
    password: t('branding.sample.password'),
    package: t('branding.sample.package'),
    expires_at: t('branding.sample.expiresAt'),
    site_name: t('branding.sample.siteName'),
  };
}

/** The client invitation in the account's email brand (as saved) with the edited texts. */
function InvitePreview({ values }: Props<'client-invite'>) {
  const { t } = useTranslation();
  const sample = useSampleMerge();
  const app = useAppSelector((s) => s.brand.logo?.app_name) || 'Splashboard';
  return (
    <EmailFrame sender={app} subject={fillMerge(values.subject || t('branding.sample.defaultInviteSubject'), sample)}>
      {fillMerge(values.message || t('branding.sample.defaultInviteMessage'), sample)}
    </EmailFrame>
  );
}

function PaymentEmailPreview({ values }: Props<'pay-account'>) {
  const sample = useSampleMerge();
  const app = useAppSelector((s) => s.brand.logo?.app_name) || 'Splashboard';
  return (
    <EmailFrame sender={app} subject={fillMerge(values.subject, sample)}>
      {fillMerge(values.text, sample)}
    </EmailFrame>
  );
}

function InvoicePreview({ values }: Props<'invoice'>) {
  const { t } = useTranslation();
  return (
    <Box sx={{ bgcolor: '#fff', color: '#222', p: 2, borderRadius: 1, fontSize: 14 }} data-testid="invoice-preview">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          {values.logo_image && (
            <Box component="img" src={values.logo_image} alt="" sx={{ maxHeight: 40, display: 'block', mb: 1 }} />
          )}
          <strong>{values.company_name || t('branding.sample.accountName')}</strong>
          <Box sx={{ whiteSpace: 'pre-line', color: '#555' }}>{values.address}</Box>
          {values.tax_id && <Box sx={{ color: '#555' }}>{values.tax_id}</Box>}
        </Box>
        <Typography variant="h6" component="p">
          {t('branding.sample.invoice')}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', mt: 2, py: 1, borderTop: '1px solid #ddd', borderBottom: '1px solid #ddd' }}
      >
        <span>{t('branding.sample.invoiceLine')}</span>
        <span>5.00</span>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1, fontWeight: 600 }}>
        <span>{t('branding.sample.total')}</span>
        <span>5.00</span>
      </Stack>
      {values.footer_note && <Box sx={{ mt: 2, color: '#666', fontSize: 12, whiteSpace: 'pre-line' }}>{values.footer_note}</Box>}
    </Box>
  );
}
