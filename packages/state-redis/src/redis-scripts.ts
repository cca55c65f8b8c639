/**
 * Lua run inside Redis, so each read-modify-write is one atomic step however many replicas
 * call it at once. Numbers go back as strings: Redis would truncate a Lua number to an integer.
 */

/** KEYS[1]; ARGV: by, ttlMs (0 = none). A non-numeric value counts as 0, as in memory. */
export const incrementScript = `
local current = redis.call('GET', KEYS[1])
local existed = current ~= false
if existed and tonumber(current) == nil then
  redis.call('DEL', KEYS[1])
  existed = false
end
local next = redis.call('INCRBYFLOAT', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if not existed and ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return next
`;

/**
 * KEYS[1]; ARGV: capacity, refillPerSecond, cost, now (ms). Stores {tokens, updatedAt} as JSON,
 * the shape the in-memory store keeps. `updatedAt` never goes back, so a replica whose clock is
 * a little behind cannot make the bucket refill twice for the same interval.
 */
export const takeTokensScript = `
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
local tokens = capacity
local updatedAt = now
local raw = redis.call('GET', KEYS[1])
if raw then
  local ok, bucket = pcall(cjson.decode, raw)
  if ok and type(bucket) == 'table' and type(bucket.tokens) == 'number'
    and type(bucket.updatedAt) == 'number' then
    local elapsed = math.max(0, now - bucket.updatedAt) / 1000
    tokens = math.min(capacity, bucket.tokens + elapsed * refill)
    updatedAt = math.max(now, bucket.updatedAt)
  end
end
local allowed = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
end
local encoded = cjson.encode({ tokens = tokens, updatedAt = updatedAt })
if refill > 0 then
  local refillMs = math.ceil((capacity - tokens) / refill * 1000)
  redis.call('SET', KEYS[1], encoded, 'PX', math.max(refillMs, 1000))
else
  redis.call('SET', KEYS[1], encoded)
end
return { allowed, tostring(tokens) }
`;
