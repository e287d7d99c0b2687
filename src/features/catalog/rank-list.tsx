import { Link } from '@tanstack/react-router';
import type { GameCard } from '../../api/games';
import { HistoricalLowBadge } from '../../shared/ui/historical-low-badge';
import { FromPrice } from '../../shared/ui/price';
import { SafeImage } from '../../shared/ui/safe-image';

/** A ranking: an ordered list whose rows link to the games, rank number first, then the from price as on every card. */
export function RankList({ games }: { games: GameCard[] }) {
  return (
    <ol className="rank-list">
      {games.map((game, index) => (
        <li key={game.gameId}>
          <Link to="/gameDetail/$id" params={{ id: String(game.gameId) }} className="rank-row">
            <span className={`rank-number rank-${Math.min(index + 1, 4)}`} aria-hidden="true">
              {index + 1}
            </span>
            <SafeImage src={game.icon} alt="" width={48} height={48} className="rank-icon" />
            <span className="rank-text">
              <span className="rank-name">{game.name}</span>
              <span className="rank-meta">
                <span>评分 {game.score.toFixed(1)}</span>
                {/* the from price as the cards show it (laid out here: a shared module would be a chunk of its own on /) */}
                <span className="rank-price">
                  <FromPrice minPrice={game.minPrice} originalPrice={game.originalPrice} />
                  <HistoricalLowBadge price={game.minPrice} low={game.historicalLow} />
                </span>
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
