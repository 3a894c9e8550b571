import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { ContentCopyIcon as ContentCopy, CheckIcon as Check } from '../../components/icons.ts';

/** The Clipboard API exists only in secure contexts; a dashboard on a plain-http address falls back to execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  return done;
}

/** Copies a DNS record's part, saying so for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Tooltip title={copied ? t('customDomain.copied') : label}>
      <IconButton
        aria-label={label}
        size="small"
        onClick={async () => {
          setCopied(await copyText(text));
          setTimeout(() => setCopied(false), 2000);
        }}
      >
        {copied ? <Check fontSize="small" /> : <ContentCopy fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
