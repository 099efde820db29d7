/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTENT_API_BASE?: string;
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  readonly VITE_LOADING_DELAY_MS?: string;
  readonly VITE_LIST_PAGE_SIZE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
