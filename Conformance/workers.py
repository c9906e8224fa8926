"""`--jobs N`: checks split over N worker processes (`run`'s templates, `screens`' file sets).

Each worker takes the next item from a shared queue (a slow item does not hold up a fixed
share of the others) and the results come back in the items' order, so tables and reports are
the same for any N. Processes, not threads: the checks are numpy and Python work on frames that
one interpreter's lock would serialise. Workers are forked, so `check` may be a closure; fork
only from a process that has not rendered with rlottie yet: its rasterizer's thread pool is not
copied by fork, and a forked worker's first render then waits for it forever (the selftest runs
its `--jobs 2` case in a fresh interpreter for that reason).
"""
import multiprocessing
import queue
import traceback

POLL_S = 5.0        # how often the parent looks for a worker that died without a word


def ordered_map(check, items, jobs=1, open_worker=None, close_worker=None, cost=None):
    """[check(ctx, item) for item in items], ctx = open_worker() once per worker (None when not
    given) and close_worker(ctx) once its queue is empty. jobs <= 1: in this process, in order.
    With `cost(item)` (e.g. the bytes of its files), workers take the costliest items first and
    the cheap ones last, so no worker is left alone with a heavy item at the end (the screens
    check ended on its 3.4 MB cube); the results stay in the items' order."""
    items = list(items)
    if jobs <= 1 or len(items) <= 1:
        return _serve(check, items, range(len(items)), open_worker, close_worker)
    fork = multiprocessing.get_context("fork")
    todo, done = fork.Queue(), fork.Queue()
    n = min(jobs, len(items))
    order = range(len(items)) if cost is None else sorted(range(len(items)), key=lambda i: -cost(items[i]))
    for i in order:
        todo.put(i)
    for _ in range(n):
        todo.put(None)                  # one stop sign per worker
    procs = [fork.Process(target=_worker, args=(check, items, todo, done, open_worker, close_worker), daemon=True)
             for _ in range(n)]
    for p in procs:
        p.start()
    results, finished, error = {}, 0, None
    try:
        while finished < n:
            try:
                kind, i, value = done.get(timeout=POLL_S)
            except queue.Empty:
                if not any(p.is_alive() for p in procs):
                    error = error or "a worker exited without its results (%d of %d items back)" % (len(results), len(items))
                    break
                continue
            if kind == "item":
                results[i] = value
            elif kind == "error":
                error = error or value
            else:
                finished += 1
    finally:
        for p in procs:
            p.join(timeout=30)
            if p.is_alive():
                p.kill()
    if error:
        raise RuntimeError("--jobs worker failed: %s" % error)
    return [results[i] for i in range(len(items))]


def _serve(check, items, indices, open_worker, close_worker, put=None):
    ctx = open_worker() if open_worker else None
    out = []
    try:
        for i in indices:
            value = check(ctx, items[i])
            if put:
                put(("item", i, value))
            else:
                out.append(value)
    finally:
        if close_worker:
            close_worker(ctx)
    return out


def _worker(check, items, todo, done, open_worker, close_worker):
    try:
        _serve(check, items, iter(todo.get, None), open_worker, close_worker, put=done.put)
    except BaseException:
        done.put(("error", None, traceback.format_exc()))
    finally:
        done.put(("finished", None, None))
