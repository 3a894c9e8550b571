// The chart tiles, one lazy chunk: the charts library loads while the tiles' calls are out.
export { WifiLoginsTile } from './WifiLoginsTile.tsx';
export { DailyTransactionsTile } from './DailyTransactionsTile.tsx';
export { GenderTile, SegmentsTile } from './PieTiles.tsx';
