import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import { VOUCHER_PAPERS, type VoucherKind } from '@splashboard/contract';
import { pdfPath } from './paths.ts';
import { PrintIcon as Print } from '../../components/icons.ts';

/** Paper choice and "Print": the batch's cards as a PDF download (the session cookie is enough for a GET). */
export function PrintControls(props: {
  siteId: number;
  kind: VoucherKind;
  batchId: number;
  defaultPaper: (typeof VOUCHER_PAPERS)[number];
}) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<string>(props.defaultPaper);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('vouchers.paper')}
        value={paper}
        onChange={(e) => setPaper(e.target.value)}
        sx={{ minWidth: 140 }}
      >
        {VOUCHER_PAPERS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`vouchers.papers.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        startIcon={<Print />}
        component="a"
        href={pdfPath(props.siteId, props.kind, props.batchId, paper)}
        download
      >
        {t('vouchers.print')}
      </Button>
    </Stack>
  );
}
