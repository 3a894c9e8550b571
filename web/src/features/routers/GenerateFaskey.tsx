import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton } from './CopyButton.tsx';

interface Props {
  /** A key is saved already: replacing it cuts guests off until the gateway has the new one, so ask first. */
  replaces: boolean;
  disabled: boolean;
  onGenerate: () => void;
}

export function GenerateFaskeyButton({ replaces, disabled, onGenerate }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outlined" disabled={disabled} onClick={() => (replaces ? setAsking(true) : onGenerate())}>
        {t('routers.opennds.generate')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)}>
        <DialogTitle>{t('routers.opennds.replaceTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('routers.opennds.replaceBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('common.cancel')}</Button>
          <Button
            color="warning"
            onClick={() => {
              setAsking(false);
              onGenerate();
            }}
          >
            {t('routers.opennds.replace')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The generated key, shown this once with a copy button. */
export function FaskeyShownOnce({ faskey }: { faskey: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" icon={false}>
      <Stack spacing={1}>
        <Typography variant="body2">{t('routers.opennds.generated')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="code" data-testid="generated-faskey" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {faskey}
          </Typography>
          <CopyButton text={faskey} label={t('routers.copyValue', { what: t('routers.opennds.faskey') })} />
        </Stack>
      </Stack>
    </Alert>
  );
}
