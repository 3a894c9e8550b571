import { useTranslation } from 'react-i18next';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';

/** A question before a task that takes guests offline runs outside its schedule. */
export function RunNowDialog(props: { open: boolean; task: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onCancel} aria-labelledby="unifi-task-run-title">
      <DialogTitle id="unifi-task-run-title">{t('unifiTasks.confirmTitle', { task: props.task })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unifiTasks.confirmBody')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{t('unifiTasks.cancel')}</Button>
        <Button variant="contained" color="warning" onClick={props.onConfirm}>
          {t('unifiTasks.runNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
