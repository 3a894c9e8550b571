import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import type { GuestDetails } from '@splashboard/contract';
import { Section } from './ProfileCards.tsx';
import { dateTime } from './format.ts';

/** Each consent answer with the version of the texts the guest saw; the texts open in a dialog. */
export function ConsentsCard(props: {
  consents: GuestDetails['consents'];
  texts: GuestDetails['consent_texts'];
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState<number | null>(null);
  const { items, total } = props.consents;
  const shown = version === null ? [] : Object.entries(props.texts[String(version)] ?? {}).filter(([, text]) => text);
  return (
    <Section
      title={t('guests.details.consents')}
      action={
        total > items.length && (
          <Typography variant="body2" color="text.secondary">
            {t('guests.details.consentsShown', { shown: items.length, total })}
          </Typography>
        )
      }
    >
      {items.length === 0 && <Typography color="text.secondary">{t('guests.details.noConsents')}</Typography>}
      <List disablePadding>
        {items.map((c) => (
          <ListItem key={c.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              sx={{ minWidth: 220 }}
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{t(`guests.details.consentKinds.${c.kind}`, { defaultValue: c.kind })}</span>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={c.granted ? 'success' : 'default'}
                    label={c.granted ? t('guests.details.agreed') : t('guests.details.declined')}
                  />
                </Stack>
              }
              secondary={`${dateTime(c.created_at, i18n.language, props.timeZone)} — ${t('guests.details.version', { version: c.text_version })}${c.mac ? ` — ${c.mac.toUpperCase()}` : ''}`}
            />
            <Button size="small" onClick={() => setVersion(c.text_version)}>
              {t('guests.details.showText')}
            </Button>
          </ListItem>
        ))}
      </List>
      <Dialog open={version !== null} onClose={() => setVersion(null)} scroll="paper" fullWidth maxWidth="sm">
        <DialogTitle>{t('guests.details.textTitle', { version })}</DialogTitle>
        <DialogContent dividers>
          {shown.map(([key, text]) => (
            <Typography key={key} variant="body2" sx={{ mb: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setVersion(null)}>{t('guests.details.close')}</Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
