import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { GameCard as Game } from '../../api/games';
import { HistoricalLowBadge } from '../../shared/ui/historical-low-badge';
import { DiscountBadge, Price } from '../../shared/ui/price';
import { SafeImage } from '../../shared/ui/safe-image';

const COVER_WIDTH = 300;
const COVER_HEIGHT = 400;

/** Released after `now`: sold as a pre-order. */
export const isUpcoming = (game: Pick<Game, 'releaseDate'>, now = Date.now()) => game.releaseDate > now;

/** Renders a game's name, e.g. with the search keyword marked (the search page's); the plain name by default. */
export type NameOf = (game: Game) => ReactNode;

/**
 * A game as a link to its detail page. The link's accessible name starts with
 * the game's name (the cover is decorative), then badges and the from price
 * (`src/api/from-price.ts`: its lowest edition, DLC left out).
 */
export function GameCard({
  game,
  priority = false,
  extra,
  rank,
  nameOf,
}: {
  game: Game;
  priority?: boolean;
  extra?: ReactNode;
  rank?: number;
  nameOf?: NameOf | undefined;
}) {
  return (
    <Link to="/gameDetail/$id" params={{ id: String(game.gameId) }} className="game-card">
      <span className="game-cover">
        <SafeImage src={game.cover} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} priority={priority} />
        {rank !== undefined ? (
          <span className={`rank-badge rank-${Math.min(rank, 4)}`} aria-label={`第${rank}名`}>
            {rank}
          </span>
        ) : null}
      </span>
      <span className="game-name">{nameOf ? nameOf(game) : game.name}</span>
      <span className="game-badges">
        {isUpcoming(game) ? <span className="badge badge-soon">预售</span> : null}
        <DiscountBadge fen={game.minPrice} originalFen={game.originalPrice} />
        <HistoricalLowBadge price={game.minPrice} low={game.historicalLow} />
      </span>
      {extra}
      <span className="game-price">
        <Price fen={game.minPrice} originalFen={game.originalPrice} from />
      </span>
    </Link>
  );
}

export function GameGrid({
  games,
  priorityCount = 0,
  className,
  nameOf,
}: {
  games: Game[];
  priorityCount?: number;
  className?: string;
  nameOf?: NameOf;
}) {
  return (
    <ul className={['game-grid', className].filter(Boolean).join(' ')}>
      {games.map((game, index) => (
        <li key={game.gameId}>
          <GameCard game={game} priority={index < priorityCount} nameOf={nameOf} />
        </li>
      ))}
    </ul>
  );
}
