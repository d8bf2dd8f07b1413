// Mantine's styles for every screen but the login page (see mantineCss in vite.config.ts). The router loads
// this with each lazy screen, before the screen's own stylesheet, so the cascade order is that of
// @mantine/core/styles.css followed by our CSS modules, as when everything was one stylesheet.
import 'virtual:mantine-core/screens.css';
