-- The mixed list workload of scripts/bench.sh for wrk: each request one of
-- the addresses in the file given as the first argument (written by
-- `benchdata -urls`), picked at random. With "unique" as the second argument
-- each address also gets a parameter the shop ignores (n=...), so no answer
-- ever comes from the micro-cache: the worst case, every request a query.
local paths = {}
local unique = false
local n = 0

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
  unique = args[2] == "unique"
  math.randomseed(os.time())
end

function request()
  local path = paths[math.random(#paths)]
  if unique then
    n = n + 1
    path = path .. "&n=" .. n
  end
  -- as every phone browser asks
  return wrk.format("GET", path, {["Accept-Encoding"] = "gzip"})
end
