import { useRef, type ReactNode, type RefObject } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * A button that opens the browser's file picker: a real button (focusable, announced as a button, pressed
 * with Enter or Space) that clicks a hidden file input beside it, rather than a label made to look like
 * one. Each chosen file goes to `onFile`; the input is emptied after, so the same file can be chosen again.
 */
export function FileButton({
  accept,
  onFile,
  inputTestId,
  inputRef,
  children,
  ...button
}: Omit<ButtonProps, 'onClick' | 'component'> & {
  accept: string;
  onFile: (file: File | undefined) => void;
  inputTestId?: string;
  /** The input itself, for a caller that empties it. */
  inputRef?: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLInputElement>(null);
  const input = inputRef ?? own;
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        data-testid={inputTestId}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
