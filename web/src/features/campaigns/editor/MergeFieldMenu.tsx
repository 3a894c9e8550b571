import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { MergeField } from '@splashboard/contract';
import { ExpandMoreIcon } from '../../../components/icons.ts';

/** A menu of the merge fields ({{first_name}}...), each inserted by `onInsert` as its placeholder. */
export function MergeFieldMenu({
  fields,
  onInsert,
  disabled,
}: {
  fields: readonly MergeField[];
  onInsert: (placeholder: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        endIcon={<ExpandMoreIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        // Keeps the canvas' text selection: the button does not take the focus on press.
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('campaigns.editor.mergeField')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} disableAutoFocusItem disableRestoreFocus>
        {fields.map((f) => (
          <MenuItem
            key={f}
            onClick={() => {
              setAnchor(null);
              onInsert(`{{${f}}}`);
            }}
          >
            {t(`campaigns.editor.fields.${f}`)} <code style={{ marginLeft: 8, opacity: 0.7 }}>{`{{${f}}}`}</code>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
