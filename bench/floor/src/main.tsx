/**
 * The floor: the storefront home's hero (the first banner), its label chips
 * and its hot search words, from the same three calls with the same headers,
 * and nothing else: React and `fetch`, no router, no cache, no validation,
 * no state machines. What the storefront costs beyond this page is the price
 * of everything else it does.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FloorView } from './floor-view';
import { loadHome, type Home } from './home';
import './floor.css';

function Floor() {
  const [home, setHome] = useState<Home | null>(null);
  useEffect(() => {
    let live = true;
    void loadHome().then((data) => live && setHome(data));
    return () => {
      live = false;
    };
  }, []);
  return <FloorView home={home} />;
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<Floor />);
