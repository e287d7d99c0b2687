/**
 * Where the header's search box gets its suggestion panel. The panel is the catalogue's (hot searches, recent
 * searches, matching games), and the catalogue's pages use the shell's layouts and head: if the shell imported
 * the panel, the two features would import each other. So the composition root puts the panel here
 * (src/app/app.tsx), and the shell only says what shape it expects. Without one (a test rendering a layout on
 * its own), the box works without suggestions.
 */
import { createContext, type ComponentType } from 'react';

export interface SearchSuggestionsProps {
  id: string;
  /** what is in the search box now */
  value: string;
  /** the box cut longer text to KEYWORD_MAX_LENGTH characters */
  cut: boolean;
  /** close the panel (a suggestion was chosen, or Escape) */
  onClose: (returnFocus: boolean) => void;
}

/** The panel: one component for the app's life (src/app/app.tsx passes a module constant), so the box never remounts it. */
export const SearchSuggestionsSlot = createContext<ComponentType<SearchSuggestionsProps> | null>(null);
