export {
  createOutcomes,
  type FollowParams,
  OUTCOMES_KEPT,
  type Outcomes,
  type OutcomesDeps,
} from './outcomes.js'
export { readOutcome } from './validate.js'
