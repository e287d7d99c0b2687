/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_MODE?: 'mock' | 'live';
  readonly VITE_BUILD_ID?: string;
  readonly VITE_INSPECT?: string;
}
