import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { IntegrationState } from '@splashboard/contract/integrations';
import { useVendorText } from './vendorText.ts';

const COLOUR = { active: 'success', inactive: 'default', failing: 'error' } as const;

/** Active, Inactive or Failing; a failing one's last error on hover (and under it where the page shows it). */
export function StateChip({ state, lastError }: { state: IntegrationState; lastError?: string | null }) {
  const { t } = useTranslation();
  const vendorText = useVendorText();
  const chip = (
    <Chip
      size="small"
      color={COLOUR[state]}
      variant={state === 'inactive' ? 'outlined' : 'filled'}
      label={t(`integrations.states.${state}`)}
    />
  );
  if (state !== 'failing' || !lastError) return chip;
  return <Tooltip title={t('integrations.lastError', { error: vendorText(lastError) })}>{chip}</Tooltip>;
}
