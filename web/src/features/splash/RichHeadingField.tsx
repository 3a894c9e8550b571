import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HEADING_SIZES, HEADING_SIZE_EM, hasBlocks, safeHref, sanitizeHtml, type HeadingSize } from '@splashboard/contract';
import { FormatBoldIcon, FormatItalicIcon, FormatSizeIcon, LinkIcon } from '../../components/icons.ts';

/**
 * A heading's small rich-text editor: bold, italic, links and a few sizes, shown in a heading's style.
 * Its value is stored as the formatting inside the theme's heading element (`<h2>Welcome to <b>Harbour
 * Café</b></h2>`), so a plain heading typed here stays a bold title on the portal. Built on a
 * contentEditable element: the formatting wraps the selection in our own elements (the browser's
 * document commands would un-bold a heading that is bold already).
 */

interface Props {
  label: string;
  /** The stored heading (HTML). */
  value: string;
  /** Shown while empty: what guests read instead (the English heading). */
  placeholder?: string;
  /** The theme's heading level for this heading (h2 for a screen's heading). */
  level: number;
  disabled: boolean;
  error?: string;
  help?: string;
  onChange(html: string): void;
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\u200b/g, '');

/** What the editor shows of a stored heading: the inside of its one heading element, or the whole of it. */
export function editableOf(value: string, fallbackLevel: number): { html: string; level: number } {
  const safe = sanitizeHtml(value).trim();
  const m = /^<h([1-6])>([\s\S]*)<\/h\1>$/.exec(safe);
  if (m && !hasBlocks(m[2]!)) return { html: m[2]!, level: Number(m[1]) };
  return { html: safe, level: fallbackLevel };
}

/** The heading to store from what the editor holds: its formatting inside the theme's heading element. */
export function headingOf(inner: string, level: number): string {
  const safe = sanitizeHtml(inner.replace(/\u200b/g, ''))
    .replace(/&nbsp;/g, ' ')
    .replace(/(<br>)+$/, '')
    .trim();
  if (!plainText(safe).trim()) return '';
  // A heading written as several blocks before the editor keeps its blocks.
  return hasBlocks(safe) ? safe : `<h${level}>${safe}</h${level}>`;
}

/** The placeholder of a heading: its text. */
export const headingPlaceholder = (value: string) => plainText(sanitizeHtml(value)).trim();

const closestIn = (node: Node, root: HTMLElement, match: (el: HTMLElement) => boolean): HTMLElement | null => {
  for (let n: Node | null = node; n && n !== root; n = n.parentNode) if (n instanceof HTMLElement && match(n)) return n;
  return null;
};
const unwrap = (el: HTMLElement) => el.replaceWith(...el.childNodes);

/** Puts the selection (or, with none, an empty spot where typing goes on) inside a new element. */
function wrap(root: HTMLElement, range: Range, el: HTMLElement) {
  const collapsed = range.collapsed;
  if (collapsed) el.append('\u200b');
  else el.append(range.extractContents());
  range.insertNode(el);
  const next = document.createRange();
  next.selectNodeContents(el);
  if (collapsed) next.collapse(false);
  root.focus();
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(next);
}

export function RichHeadingField({ label, value, placeholder, level: themeLevel, disabled, error, help, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const helpId = useId();
  const box = useRef<HTMLDivElement>(null);
  /** The value this editor last sent: the same value coming back is not drawn again (the caret stays). */
  const emitted = useRef<string | null>(null);
  const level = useRef(themeLevel);
  const saved = useRef<Range | null>(null);
  const [sizeMenu, setSizeMenu] = useState<HTMLElement | null>(null);
  const [link, setLink] = useState<{ anchor: HTMLElement; href: string; existing: HTMLElement | null } | null>(null);
  const [linkError, setLinkError] = useState('');

  useEffect(() => {
    if (!box.current || value === emitted.current) return;
    const shown = editableOf(value, themeLevel);
    level.current = shown.level;
    box.current.innerHTML = shown.html;
    emitted.current = value;
  }, [value, themeLevel]);

  const emit = () => {
    const html = headingOf(box.current!.innerHTML, level.current);
    emitted.current = html;
    if (html !== value) onChange(html);
  };

  /** The selection, when it is in this editor. */
  const selected = (): Range | null => {
    const root = box.current;
    const selection = window.getSelection();
    if (!root || !selection?.rangeCount) return null;
    const range = selection.getRangeAt(0);
    return root.contains(range.commonAncestorContainer) ? range : null;
  };
  const remember = () => {
    const range = selected();
    if (range) saved.current = range.cloneRange();
  };

  const toggle = (names: string[], tag: string) => {
    const root = box.current;
    const range = selected() ?? saved.current;
    if (!root || !range || disabled) return;
    const inside = closestIn(range.commonAncestorContainer, root, (el) => names.includes(el.localName));
    if (inside) unwrap(inside);
    else wrap(root, range, document.createElement(tag));
    emit();
  };

  const applySize = (size: HeadingSize | 'normal') => {
    setSizeMenu(null);
    const root = box.current;
    const range = saved.current;
    if (!root || !range) return;
    const inside = closestIn(range.commonAncestorContainer, root, (el) => el.localName === 'span' && !!el.dataset.size);
    if (inside && size === 'normal') unwrap(inside);
    else if (inside) inside.dataset.size = size;
    else if (size !== 'normal') {
      const span = document.createElement('span');
      span.dataset.size = size;
      wrap(root, range, span);
    }
    emit();
  };

  const openLink = (anchor: HTMLElement) => {
    remember();
    const root = box.current;
    const range = saved.current;
    const existing = root && range ? closestIn(range.commonAncestorContainer, root, (el) => el.localName === 'a') : null;
    setLinkError('');
    setLink({ anchor, href: existing?.getAttribute('href') ?? 'https://', existing });
  };
  const addLink = () => {
    const root = box.current;
    const range = saved.current;
    if (!root || !link) return;
    const href = safeHref(link.href);
    if (!href) return setLinkError(t('splash.heading.badLink'));
    if (link.existing) link.existing.setAttribute('href', href);
    else if (!range || range.collapsed) return setLinkError(t('splash.heading.selectFirst'));
    else {
      const a = document.createElement('a');
      a.setAttribute('href', href);
      wrap(root, range, a);
    }
    setLink(null);
    emit();
  };
  const removeLink = () => {
    if (link?.existing) unwrap(link.existing);
    setLink(null);
    emit();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // A heading is one line.
    if (e.key === 'Enter') return e.preventDefault();
    if (!(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      e.preventDefault();
      if (key === 'b') toggle(['b', 'strong'], 'b');
      else toggle(['i', 'em'], 'i');
    }
  };
  /** Pasted text comes in as text: formatting from elsewhere is not a heading's. */
  const onPaste = (e: ClipboardEvent) => {
    e.preventDefault();
    const range = selected();
    if (!range) return;
    const text = document.createTextNode(e.clipboardData.getData('text/plain').replace(/\s+/g, ' '));
    range.deleteContents();
    range.insertNode(text);
    range.setStartAfter(text);
    range.collapse(true);
    emit();
  };

  // Toolbar buttons keep the selection in the heading: they act on it without taking the focus.
  const keep = (e: { preventDefault(): void }) => e.preventDefault();
  const sizeLabel = (s: HeadingSize | 'normal') => t(`splash.heading.sizes.${s}`);

  return (
    <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
      <Typography id={labelId} variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" role="toolbar" aria-label={t('splash.heading.toolbar')} spacing={0.5} sx={{ mb: 0.5 }}>
        <IconButton
          size="small"
          aria-label={t('splash.heading.bold')}
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => toggle(['b', 'strong'], 'b')}
        >
          <FormatBoldIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('splash.heading.italic')}
          disabled={disabled}
          onMouseDown={keep}
          onClick={() => toggle(['i', 'em'], 'i')}
        >
          <FormatItalicIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('splash.heading.link')}
          disabled={disabled}
          onMouseDown={keep}
          onClick={(e) => openLink(e.currentTarget)}
        >
          <LinkIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('splash.heading.size')}
          aria-haspopup="menu"
          disabled={disabled}
          onMouseDown={keep}
          onClick={(e) => {
            remember();
            setSizeMenu(e.currentTarget);
          }}
        >
          <FormatSizeIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Box
        ref={box}
        role="textbox"
        aria-labelledby={labelId}
        aria-describedby={help || error ? helpId : undefined}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        spellCheck
        tabIndex={disabled ? -1 : 0}
        data-placeholder={placeholder}
        onInput={emit}
        onKeyDown={onKeyDown}
        onKeyUp={remember}
        onMouseUp={remember}
        onBlur={remember}
        onPaste={onPaste}
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          minHeight: 48,
          fontWeight: 700,
          fontSize: editableOf(value, themeLevel).level === 3 ? '1.17rem' : '1.5rem',
          lineHeight: 1.3,
          overflowWrap: 'anywhere',
          color: disabled ? 'text.disabled' : 'text.primary',
          '&:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -1 },
          '&:empty::before': { content: 'attr(data-placeholder)', color: 'text.secondary', fontWeight: 400 },
          '& a': { color: 'primary.main' },
          ...Object.fromEntries(HEADING_SIZES.map((s) => [`& [data-size=${s}]`, { fontSize: HEADING_SIZE_EM[s] }])),
        }}
      />
      {help || error ? (
        <FormHelperText id={helpId} error={!!error}>
          {error ?? help}
        </FormHelperText>
      ) : null}
      <Menu anchorEl={sizeMenu} open={!!sizeMenu} onClose={() => setSizeMenu(null)}>
        {(['normal', ...HEADING_SIZES] as const).map((s) => (
          <MenuItem key={s} onClick={() => applySize(s)}>
            {sizeLabel(s)}
          </MenuItem>
        ))}
      </Menu>
      <Popover
        open={!!link}
        anchorEl={link?.anchor}
        onClose={() => setLink(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={1.5} sx={{ p: 2, width: 320, maxWidth: '90vw' }}>
          <TextField
            size="small"
            autoFocus
            label={t('splash.heading.linkAddress')}
            value={link?.href ?? ''}
            error={!!linkError}
            helperText={linkError || undefined}
            onChange={(e) => link && setLink({ ...link, href: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addLink();
              }
            }}
            slotProps={{ htmlInput: { inputMode: 'url', maxLength: 500 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {link?.existing ? <Button onClick={removeLink}>{t('splash.heading.removeLink')}</Button> : null}
            <Button onClick={() => setLink(null)}>{t('splash.heading.cancel')}</Button>
            <Button variant="contained" onClick={addLink}>
              {t('splash.heading.addLink')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </Box>
  );
}
