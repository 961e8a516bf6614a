/**
 * antd theme of the back-office: brand colours, font stack and the dark sidebar/menu tokens, with text and
 * status colours chosen for WCAG 2.1 AA contrast (4.5:1 for text). antd's defaults fail
 * it: secondary text rgba(0,0,0,.45) is #8c8c8c on white (3.36:1) and #87878a on the layout grey (3.31:1);
 * the red #ff4d4f of danger buttons is 3.26:1 on white; the green #52c41a of 'Actif' tags is 2.2:1 on its
 * tag background; hovered primary buttons and links fall under 4.5:1 too. Every module inherits these
 * tokens; the page sweep of test/e2e/responsive.spec.ts checks every page with axe (test/e2e/axe.ts).
 */
import type { ThemeConfig } from 'antd';

/** Sidebar background, shared by the Sider and its Menu. */
export const SIDER_BG = '#0f172a';

/**
 * Secondary text (antd's colorTextTertiary, and colorTextDescription which breadcrumbs, statistic titles,
 * form help and `Typography type="secondary"` use): 6.05:1 on white, 5.60:1 on the layout grey #f5f6fa.
 */
const TEXT_SECONDARY = '#5c6370';

/** antd theme of the back-office. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    // Hovered buttons and links (antd derives #4373e6, 4.34:1 under white text, and #6d99f2 for links, 2.80:1):
    // blue-600 keeps 'lighter on hover' at 5.17:1 on white.
    colorPrimaryHover: '#2563eb',
    colorPrimaryTextHover: '#2563eb',
    colorLinkHover: '#2563eb',
    borderRadius: 6,
    colorBgLayout: '#f5f6fa',
    colorTextTertiary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    // antd red-7: 5.57:1 on white, 4.76:1 on the error tag background derived from it.
    colorError: '#cf1322',
    // antd green-8 on green-1 (5.44:1); background and border stay light, as antd derives them for #52c41a.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { siderBg: SIDER_BG, headerBg: '#ffffff', headerPadding: '0 24px', triggerBg: '#1e293b' },
    Menu: { darkItemBg: SIDER_BG, darkSubMenuItemBg: SIDER_BG, darkItemSelectedBg: '#1d4ed8' },
    Table: { headerBg: '#f8fafc' },
  },
};
