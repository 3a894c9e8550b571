import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  VOUCHER_CARD_GAP,
  VOUCHER_PAGE_MARGIN,
  formatVoucherCode,
  layoutCard,
  voucherCardSize,
  voucherQrUrl,
  type CardTextRun,
  type PrintedBatch,
  type VoucherDesign,
} from '@splashboard/contract';
import { CARD_FONTS, CARD_FONT_ASCENT, previewMeasure } from './cardFonts.ts';

const QUIET = 4;
/** The QR options of the PDF (error correction M, mask 2). */
const QR_OPTIONS = { errorCorrectionLevel: 'M', maskPattern: 2 } as const;

/** The dark modules of a QR code as one SVG path, quiet zone included, in a square of `size`. */
function qrPath(text: string, size: number) {
  const { modules } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], QR_OPTIONS);
  const unit = size / (modules.size + 2 * QUIET);
  let d = '';
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.data[r * modules.size + c]) d += `M${(c + QUIET) * unit} ${(r + QUIET) * unit}h${unit}v${unit}h${-unit}z`;
  return d;
}

function useImageSize(src: string) {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    const img = new Image();
    img.onload = () => setSize({ src, width: img.naturalWidth, height: img.naturalHeight });
    img.src = src;
  }, [src]);
  return size && size.src === src ? size : null;
}

export const SAMPLE_CODE = 'K7QM2X9FT4HB';

/**
 * One card as it prints (drawn in PDF points, so the proportions are the paper's), with a page beside it
 * showing how many fit.
 */
export function CardPreview(props: {
  design: VoucherDesign;
  batch: PrintedBatch;
  siteNames: string[];
  timeZone: string;
  code?: string;
}) {
  const { t } = useTranslation();
  const { design } = props;
  const code = props.code ?? SAMPLE_CODE;
  const logo = useImageSize(design.logo_image);
  const card = voucherCardSize(design.paper, design.cards_per_page);
  const layout = useMemo(
    () =>
      layoutCard({
        design,
        width: card.width,
        height: card.height,
        logo: design.logo_image && logo ? logo : null,
        batch: props.batch,
        siteNames: props.siteNames,
        timeZone: props.timeZone,
        measure: previewMeasure,
      }),
    [design, card.width, card.height, logo, props.batch, props.siteNames, props.timeZone],
  );
  const qr = useMemo(
    () => (layout.qr ? qrPath(voucherQrUrl(design.qr_base_url, code), layout.qr.size) : ''),
    [layout.qr, design.qr_base_url, code],
  );
  const text = (run: CardTextRun, fill: string, key?: number) => (
    <text
      key={key}
      x={run.x}
      y={run.y + CARD_FONT_ASCENT[run.font] * run.size}
      fontSize={run.size}
      fontFamily={CARD_FONTS[run.font]}
      fontWeight={run.font === 'bold' ? 700 : 400}
      fill={fill}
      style={{ whiteSpace: 'pre' }}
    >
      {run.text}
    </text>
  );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Box sx={{ flex: 3, minWidth: 0 }}>
        <svg
          viewBox={`0 0 ${card.width} ${card.height}`}
          width="100%"
          role="img"
          aria-label={t('vouchers.design.previewLabel')}
          data-testid="voucher-card-preview"
          style={{ display: 'block', maxWidth: 520 }}
        >
          <rect
            x={0.5}
            y={0.5}
            width={card.width - 1}
            height={card.height - 1}
            rx={8}
            fill={design.background_color}
            stroke={design.border_color}
          />
          {layout.logo && (
            <image href={design.logo_image} {...layout.logo} preserveAspectRatio="none" data-testid="voucher-card-logo" />
          )}
          {layout.heading && text(layout.heading, design.accent_color)}
          {layout.code && (
            <text
              x={layout.code.x}
              y={layout.code.y + CARD_FONT_ASCENT.mono * layout.code.size}
              fontSize={layout.code.size}
              fontFamily={CARD_FONTS.mono}
              fontWeight={700}
              fill={design.accent_color}
            >
              {formatVoucherCode(code)}
            </text>
          )}
          {layout.lines.map((l, i) => text(l, design.text_color, i))}
          {layout.instructions.map((l, i) => text(l, design.text_color, 100 + i))}
          {layout.footer && <g opacity={0.8}>{text(layout.footer, design.text_color)}</g>}
          {layout.qr && (
            <g transform={`translate(${layout.qr.x} ${layout.qr.y})`}>
              <rect width={layout.qr.size} height={layout.qr.size} fill="#fff" />
              <path d={qr} fill="#000" shapeRendering="crispEdges" />
            </g>
          )}
        </svg>
      </Box>
      <Stack spacing={0.5} sx={{ flex: 1, maxWidth: { xs: 140, sm: 160 } }}>
        <svg viewBox={`0 0 ${card.pageWidth} ${card.pageHeight}`} width="100%" aria-hidden="true" style={{ display: 'block' }}>
          <rect width={card.pageWidth} height={card.pageHeight} fill="#fff" stroke="#9aa5b1" strokeWidth={3} />
          {Array.from({ length: card.cols * card.rows }, (_, i) => (
            <rect
              key={i}
              x={VOUCHER_PAGE_MARGIN + (i % card.cols) * (card.width + VOUCHER_CARD_GAP)}
              y={VOUCHER_PAGE_MARGIN + Math.floor(i / card.cols) * (card.height + VOUCHER_CARD_GAP)}
              width={card.width}
              height={card.height}
              rx={8}
              fill={design.background_color}
              stroke={design.border_color}
              strokeWidth={2}
            />
          ))}
        </svg>
        <Typography variant="caption" color="text.secondary" data-testid="voucher-page-caption">
          {t('vouchers.design.pageCaption', { n: design.cards_per_page, paper: t(`vouchers.papers.${design.paper}`) })}
        </Typography>
      </Stack>
    </Stack>
  );
}
