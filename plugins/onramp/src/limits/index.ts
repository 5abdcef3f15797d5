export { type AmountProblem, checkAmount, methodLimits } from './limits.js'
