/**
 * An error the gateway answers with a JSON `{ code, message }` body. Every
 * non-2xx answer goes through this shape (see `ApiErrorBody` in @portico/core).
 *
 * @example
 * throw new ApiError(404, 'name_not_found', 'Name not found')
 */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** SPEC §8: the core maps this text to the Invalid Project ID alert. */
export const INVALID_KEY_MESSAGE = 'Unauthorized: invalid key'
/** SPEC §8: the core maps this text to the Invalid App Configuration alert. */
export const ORIGIN_NOT_ALLOWED_MESSAGE = 'Unauthorized: origin not allowed'

export const invalidKey = () => new ApiError(401, 'invalid_key', INVALID_KEY_MESSAGE)
export const originNotAllowed = () => new ApiError(403, 'origin_not_allowed', ORIGIN_NOT_ALLOWED_MESSAGE)
export const badRequest = (message: string, code = 'invalid_request') => new ApiError(400, code, message)
export const notFound = (message: string, code = 'not_found') => new ApiError(404, code, message)
