import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';

export type Device = 'phone' | 'desktop';
export const DEVICE_SIZES: Record<Device, { width: number; height: number }> = {
  phone: { width: 375, height: 720 },
  desktop: { width: 1280, height: 800 },
};

/**
 * A guest page in a frame of a phone's or a desktop's size, scaled down to the room there is. The
 * frame is sandboxed without scripts, forms or new windows: the page is only shown. It keeps the
 * dashboard's origin (allow-same-origin) so that it loads the guest fonts from our server and keeps
 * its scroll position when the page is drawn again; with no script in it, that gives it nothing else.
 */
export function PreviewFrame({ html, device, title }: { html: string; device: Device; title: string }) {
  const { width, height } = DEVICE_SIZES[device];
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const scrollY = useRef(0);
  const [room, setRoom] = useState(width);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setRoom(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Each keystroke draws the page again: it opens where the operator was looking.
  const onLoad = () => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    if (scrollY.current > 0) win.scrollTo(0, scrollY.current);
    win.addEventListener('scroll', () => (scrollY.current = win.scrollY), { passive: true });
  };

  const scale = Math.min(1, room / width);
  return (
    <Box ref={box} sx={{ width: '100%' }}>
      <Box
        sx={{
          width: width * scale,
          height: height * scale,
          mx: 'auto',
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          borderRadius: device === 'phone' ? 3 : 1,
          bgcolor: 'background.paper',
        }}
      >
        <iframe
          ref={frame}
          title={title}
          data-testid="splash-preview"
          sandbox="allow-same-origin"
          srcDoc={html}
          onLoad={onLoad}
          style={{ width, height, border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', display: 'block' }}
        />
      </Box>
    </Box>
  );
}
