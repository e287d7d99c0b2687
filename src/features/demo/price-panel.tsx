/** 降价: the simulated backend lowers a game's from price, as a sale would; the wishlist then shows 降价 (docs/following-wishlist.md). */
import { useState } from 'react';
import { lowerMockPrice } from '../../api/demo-controls';
import { formatYuan } from '../../shared/money';
import { Field, Panel, type ConsoleActions } from './demo-ui';
import { TextInput } from '../../shared/ui/form-controls';

export function PricePanel({ run, busy }: ConsoleActions) {
  const [gameId, setGameId] = useState('1');
  const lower = () =>
    run(async () => {
      const price = await lowerMockPrice(Number(gameId));
      return `游戏 ${gameId} 已降价，现价 ${formatYuan(price)}`;
    });
  return (
    <Panel title="降价">
      <Field label="游戏 ID">
        {(id) => (
          <TextInput
            id={id}
            inputMode="numeric"
            value={gameId}
            onChange={(event) => setGameId(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </Field>
      <button type="button" className="button" disabled={busy || gameId === ''} onClick={() => void lower()}>
        降价 20%
      </button>
    </Panel>
  );
}
