import { TokenBucket } from "./rate-limit.js";

/**
 * A budget of bytes sent, refilled at its rate up to its burst: a token
 * bucket whose tokens are bytes, charged after a message is sent (whole)
 * and so able to go into debt, which what a client asks for waits out.
 */
export class ByteBudget extends TokenBucket {}
