/** antd theme of the back-office: brand colours, font stack and the dark sidebar/menu tokens. */
import type { ThemeConfig } from 'antd';

/** Sidebar background, shared by the Sider and its Menu. */
export const SIDER_BG = '#0f172a';

/** antd theme of the back-office. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorLink: '#1d4ed8',
    borderRadius: 6,
    colorBgLayout: '#f5f6fa',
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { siderBg: SIDER_BG, headerBg: '#ffffff', headerPadding: '0 24px', triggerBg: '#1e293b' },
    Menu: { darkItemBg: SIDER_BG, darkSubMenuItemBg: SIDER_BG, darkItemSelectedBg: '#1d4ed8' },
    Table: { headerBg: '#f8fafc' },
  },
};
