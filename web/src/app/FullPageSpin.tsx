/** Viewport-filling antd spinner shown while the session is checked or the first route chunk loads. */
import { Spin } from 'antd';

/** Centered spinner filling the viewport (session check, first chunk load). */
export function FullPageSpin() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" aria-label="Chargement" />
    </div>
  );
}
