export type {
  Coordination,
  RateTurns,
  HitCounter,
  MoneyGate,
  MoneyHold,
  MoneyLimitName,
  Reservation,
  PairGate,
  PairTurn,
  SharedPairAnswer,
  JobScope,
} from './port'
export { reusedPairResult } from './port'
export { createLocalCoordination } from './local'
export { TeamUnreachable } from './team-unreachable'
