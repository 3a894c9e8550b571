import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from 'notistack';
import type { Editor } from 'grapesjs';
import type { MergeField } from '@splashboard/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DEVICES,
  contentOf,
  insertText,
  load,
  startEditor,
  type DeviceId,
  type EditorContent,
  type EditorMode,
} from './grapes.ts';
import { MergeFieldMenu } from './MergeFieldMenu.tsx';
import { addEditorTexts } from './i18n.ts';

export type { EditorContent, EditorMode };

/** What a page asks of the editor: its content to save (null until it has started). */
export interface ContentEditorHandle {
  content(): EditorContent | null;
}

export interface ContentEditorProps {
  /** email: MJML components, gives the compiled HTML and `{mjml, ...project}`; web: HTML blocks, gives `{html, json}`. */
  mode: EditorMode;
  /** The saved project (campaign_json / splashad_json); empty or null: start from `source`. */
  json?: Record<string, unknown> | null;
  /** What to open without a saved project: MJML for an email (a template's), HTML for a web page. */
  source?: string;
  /** The merge fields its menu offers (the contract's MERGE_FIELDS for an email); none: no menu. */
  mergeFields?: readonly MergeField[];
  ref?: Ref<ContentEditorHandle>;
}

/**
 * The content editor (GrapesJS; with MJML for emails), with a merge-field menu and a phone / desktop
 * preview width. Loaded lazily with its page: nothing of it is in the dashboard's first chunks.
 */
export function ContentEditor({ mode, json, source = '', mergeFields = [], ref }: ContentEditorProps) {
  const { t, i18n } = useTranslation();
  useState(() => addEditorTexts(i18n));
  const { enqueueSnackbar } = useSnackbar();
  const container = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [device, setDevice] = useState<DeviceId>('desktop');
  // What it opens is read once: the editor keeps its own state from then on.
  const initial = useRef({ json, source });

  useEffect(() => {
    let stopped = false;
    let started: Editor | null = null;
    startEditor(container.current!, mode, i18n.language, {
      canvas: t('campaigns.editor.canvas'),
      devices: t('campaigns.editor.preview'),
    }).then(
      (e) => {
        started = e;
        if (stopped) return e.destroy();
        load(e, mode, initial.current.json, initial.current.source);
        editor.current = e;
        setReady(true);
      },
      (err: unknown) => {
        console.error(err);
        setFailed(true);
      },
    );
    return () => {
      stopped = true;
      editor.current = null;
      started?.destroy();
    };
  }, [mode, i18n.language, t]);

  useImperativeHandle(ref, () => ({ content: () => (editor.current ? contentOf(editor.current, mode) : null) }), [mode]);

  const preview = (id: DeviceId | null) => {
    if (!id || !editor.current) return;
    setDevice(id);
    editor.current.setDevice(id);
  };

  const insert = (placeholder: string) => {
    if (editor.current && !insertText(editor.current, placeholder))
      enqueueSnackbar(t('campaigns.editor.selectText'), { variant: 'info' });
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {mergeFields.length > 0 && <MergeFieldMenu fields={mergeFields} onInsert={insert} disabled={!ready} />}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={device}
          onChange={(_e, id: DeviceId | null) => preview(id)}
          aria-label={t('campaigns.editor.preview')}
          disabled={!ready}
        >
          {DEVICES.map((d) => (
            <ToggleButton key={d.id} value={d.id}>
              {t(`campaigns.editor.devices.${d.id}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {failed && <Alert severity="error">{t('campaigns.editor.loadFailed')}</Alert>}
      {!ready && !failed && <Typography color="text.secondary">{t('campaigns.editor.loading')}</Typography>}
      <Box
        ref={container}
        data-testid="content-editor"
        sx={{ border: 1, borderColor: 'divider', minHeight: 640, overflow: 'hidden' }}
      />
    </Stack>
  );
}
