import Motion
import Simulation
// One interval's time grid as the projection sampler reads it (ProjectionSampler.interval): per
// grid time, each projected layer's projection into its host's space (9 numbers) and its
// LayerState (stored once per run of equal states), and the canvas box in each host's space.
// Whole SceneStates held every layer of the scene (flip-edge-pan: 226) at every grid time, most
// of the default run's heap peak (BENCHMARKS.md#memory-and-time-pass); this holds only
// the projected ones (68) and what `sample` reads of them, computed from the state of those
// layers and their hosts alone (Simulation.state(of:at:): the same numbers), so the keys are the
// same to the bit.
import TransitionModel

struct ProjectionGrid {
    /// Position in the sampler's `layers` of each projected layer, by layer index (-1: none).
    /// Arrays, not dictionaries: read at every sample of every grid time, a hash each.
    private let slots: [Int]
    /// Position of each host among the distinct hosts, by layer index, the canvas (nil) last.
    private let hostSlots: [Int]
    private let hostCount: Int
    /// Each host (by layer index, the canvas as the layer count) and its slot, in slot order:
    /// `append` visits them so (its box repeat flags are appended in this order and read by
    /// slot), not every layer of the scene per grid time.
    private let hostOrder: [(host: Int, slot: Int)]
    /// The projected layers (the sampler's `layers`).
    private let layerCount: Int
    private(set) var count = 0
    /// Rows, the projection of a layer into its host; per (time, layer slot), its row in
    /// `matrices`. A row the time before holds bit for bit is not stored again: a quiet
    /// interval (flip-edge-pan's holds: 99.5 % of rows) held 72 bytes per layer and time, and its
    /// grid was over ProjectionIntervalGrids' budget, so made again by every fit. Held as
    /// projections, not 9 numbers a row: `projection` is read ~600 k times in the 3D batch, and a
    /// projection made from 9 numbers (9 bounds checks, a call into Motion) cost ~80 instructions.
    private var matrices: [PlaneProjection] = []
    private var rowIndices: [Int32] = []
    /// Per (time, layer slot): the layer's state, an index in `distinctStates`.
    private var stateIndices: [Int] = []
    private var distinctStates: [LayerState] = []
    /// The layer of each distinct state.
    private var distinctLayers: [Int] = []
    /// Per distinct state, its layer's specs' drawn paths (PathSpec.drawnPath) from `drawnBase`
    /// on, made once by `drawPaths` after the levels are chosen: a flip's layer keeps its state,
    /// and its paths were rebuilt at every grid time and for both fits. Held flat: each path's
    /// points (allPoints' order) from `drawnStart` in one array, its segment count and lines
    /// apart. Paths in an array were copied out per read, each retaining and releasing its
    /// four arrays (~1.2 million retains in flip-edge-pan's factored fits).
    private var drawnPoints: [Point] = []
    private var drawnStart: [Int] = []
    private var drawnCount: [Int] = []
    private var drawnIsLine: [[Bool]] = []
    private var drawnBase: [Int] = []
    /// Per layer, its first spec (a layer's specs are contiguous, ProjectionSampler.init); -1: none.
    private var firstSpec: [Int]
    /// Per (time, host slot): the canvas plus margin in the host's space (ProjectionSampler.box).
    private var boxes: [Rect] = []
    /// Per (time, layer slot): its projection and state are the previous time's, bit for bit;
    /// per (time, host slot): so is its box. What is computed from them is the same there
    /// (BENCHMARKS.md#the-grids-quiet-layers-same-bytes-2026-12-04).
    private var repeated: [Bool] = []
    private var boxRepeated: [Bool] = []

    init(_ sampler: ProjectionSampler, capacity: Int) {
        let layerCount = sampler.simulation.layers.count
        var slots = [Int](repeating: -1, count: layerCount)
        for (offset, l) in sampler.layers.enumerated() { slots[l.index] = offset }
        self.slots = slots
        var hostSlots = [Int](repeating: -1, count: layerCount + 1), hostCount = 0
        for (_, host) in sampler.layers where hostSlots[host ?? layerCount] < 0 {
            hostSlots[host ?? layerCount] = hostCount
            hostCount += 1
        }
        self.hostSlots = hostSlots
        self.hostCount = hostCount
        // In slot order: `boxRepeated` is appended in this order and read by slot (in index order a
        // host met after the canvas read the canvas's flag: ProjectionGridTests).
        hostOrder = hostSlots.enumerated().compactMap { $0.element >= 0 ? ($0.offset, $0.element) : nil }.sorted { $0.slot < $1.slot }
        self.layerCount = sampler.layers.count
        firstSpec = [Int](repeating: -1, count: layerCount)
        rowIndices.reserveCapacity(capacity * sampler.layers.count)
        stateIndices.reserveCapacity(capacity * sampler.layers.count)
        boxes.reserveCapacity(capacity * hostCount)
    }

    /// Adds the next grid time's numbers, read from its state of the sampler's `gridLayers`.
    /// `changes`: per subset entry, whether its own state and whether its map changed since the
    /// time appended last (LayerSubsetSampler); a layer whose map and host's map did not keep
    /// their projection, whose own state did not keeps its state (the same bits, not recomputed).
    mutating func append(_ state: LayerSubsetState, _ sampler: ProjectionSampler, changes: (own: [Bool], map: [Bool])? = nil) {
        let layerCount = sampler.layers.count
        let changes = count > 0 ? changes : nil
        if let changes, !changes.map.contains(true), !changes.own.contains(true) {
            appendQuiet(layerCount)
            return
        }
        // ProjectionSampler.projection's numbers, in its order of operations, without its arrays:
        // each host's inverse once per time, the product written in place (PlaneProjection.concatenating).
        // Read by entry in the subset's arrays (not an accessor call per read).
        let entry = state.subset.entry
        // This time's new rows, row and state indices and repeat flags per layer, and the hosts'
        // inverses and boxes, are written into stack buffers and appended in one copy each
        // (appended one by one, each checked the array's uniqueness and capacity; as arrays,
        // the inverses and boxes were two made and freed per time).
        withUnsafeTemporaryAllocation(of: PlaneProjection.self, capacity: layerCount) { rows in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: layerCount) { rowIndices in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: layerCount) { indices in
                    withUnsafeTemporaryAllocation(of: Bool.self, capacity: layerCount) { kept in
                        withUnsafeTemporaryAllocation(of: PlaneProjection??.self, capacity: hostCount) { backs in
                            backs.initialize(repeating: nil)
                            appendRows(
                                state, sampler, changes: changes, backs: backs, rows: rows, rowIndices: rowIndices, indices: indices, kept: kept)
                        }
                    }
                }
            }
        }
        withUnsafeTemporaryAllocation(of: Rect.self, capacity: hostCount) { hostBoxes in
            for (host, slot) in hostOrder {
                // A host whose map did not change keeps its box (the canvas's never changes).
                let b: Rect
                if let changes, host >= slots.count || !changes.map[entry[host]] {
                    b = boxes[(count - 1) * hostCount + slot]
                } else {
                    b = sampler.box(hostToScreen: host < slots.count ? state.boundsToScreen[entry[host]] : nil)
                }
                hostBoxes.initializeElement(at: slot, to: b)
                let a = count > 0 ? boxes[(count - 1) * hostCount + slot] : nil
                boxRepeated.append(a.map { Self.sameBits($0, b) } ?? false)
            }
            boxes.append(contentsOf: UnsafeBufferPointer(hostBoxes))
        }
        count += 1
    }

    /// `append` at a time where no entry's own state or map changed (LayerSubsetSampler's quiet
    /// step: most of a hold): what the per-layer loop gives then, without it. Each layer keeps the
    /// time before's row (no new one) and state (repeated), each host its box (repeated: the
    /// same bits).
    private mutating func appendQuiet(_ layerCount: Int) {
        let rowStart = (count - 1) * layerCount, boxStart = (count - 1) * hostCount
        // Through a stack copy: appending a slice of the array itself would copy the whole array,
        // and element by element each append checked uniqueness and capacity (3.6 M in flip-edge-pan).
        Self.appendTail(of: &rowIndices, from: rowStart, count: layerCount)
        Self.appendTail(of: &stateIndices, from: rowStart, count: layerCount)
        for j in boxStart..<(boxStart + hostCount) { boxes.append(boxes[j]) }
        repeated.append(contentsOf: repeatElement(true, count: layerCount))
        boxRepeated.append(contentsOf: repeatElement(true, count: hostCount))
        count += 1
    }

    /// a[start..<(start + n)] appended to a, in one copy out and one in.
    private static func appendTail<T: BitwiseCopyable>(of a: inout [T], from start: Int, count n: Int) {
        withUnsafeTemporaryAllocation(of: T.self, capacity: n) { tail in
            a.withUnsafeBufferPointer { _ = tail.initialize(fromContentsOf: $0[start..<(start + n)]) }
            a.append(contentsOf: UnsafeBufferPointer(tail))
        }
    }

    /// `append`'s rows, row and state indices and repeat flags for every projected layer, written
    /// into `rows` (each row not held the time before, made in place: 9 numbers copied in through
    /// InlineArray's closure init and one append per row were 2/3 of the loop), `rowIndices`, `indices` and
    /// `kept` (1 a layer), then appended.
    private mutating func appendRows(
        _ state: LayerSubsetState, _ sampler: ProjectionSampler, changes: (own: [Bool], map: [Bool])?, backs: UnsafeMutableBufferPointer<PlaneProjection??>,
        rows: UnsafeMutableBufferPointer<PlaneProjection>, rowIndices newRowIndices: UnsafeMutableBufferPointer<Int32>,
        indices: UnsafeMutableBufferPointer<Int>, kept: UnsafeMutableBufferPointer<Bool>
    ) {
        let layerCount = sampler.layers.count, entry = state.subset.entry
        var newRows = 0
        for (slot, (i, host)) in sampler.layers.enumerated() {
            let last = count > 0 ? stateIndices[(count - 1) * layerCount + slot] : -1
            let lastRow = count > 0 ? rowIndices[(count - 1) * layerCount + slot] : -1
            var matrixKept = true
            if let changes, !changes.map[entry[i]], host.map({ !changes.map[entry[$0]] }) ?? true {
                // The time before's row, as it was.
            } else {
                let m = state.boundsToScreen[entry[i]]
                var back: PlaneProjection? = nil
                if let host {
                    let x = hostSlots[host]
                    if backs[x] == nil { backs[x] = .some(PlaneProjection(state.boundsToScreen[entry[host]]).inverse) }
                    back = backs[x]!
                }
                let row = back.map { PlaneProjection(m).concatenating($0) } ?? PlaneProjection(m)
                rows.initializeElement(at: newRows, to: row)
                if count > 0 {
                    let before = matrices[Int(lastRow)].h, now = row.h
                    matrixKept = (0..<9).allSatisfy { before[$0].bitPattern == now[$0].bitPattern }
                } else {
                    matrixKept = false
                }
            }
            if matrixKept {
                newRowIndices.initializeElement(at: slot, to: lastRow)
            } else {
                newRowIndices.initializeElement(at: slot, to: Int32(matrices.count + newRows))
                newRows += 1
            }
            let index: Int
            if let changes, !changes.own[entry[i]] {
                // Most layers keep their state between grid times; only the projection moves.
                index = last
            } else if last >= 0, LayerState.equal(distinctStates, last, state.states, entry[i]) {
                // Compared in place and copied only when new (a copy retains a mask's arrays).
                index = last
            } else {
                index = distinctStates.count
                distinctStates.append(state.states[entry[i]])
                distinctLayers.append(i)
            }
            indices.initializeElement(at: slot, to: index)
            kept.initializeElement(at: slot, to: matrixKept && last >= 0 && index == last)
        }
        matrices.append(contentsOf: UnsafeBufferPointer(rebasing: rows[0..<newRows]))
        rowIndices.append(contentsOf: UnsafeBufferPointer(newRowIndices))
        stateIndices.append(contentsOf: UnsafeBufferPointer(indices))
        repeated.append(contentsOf: UnsafeBufferPointer(kept))
    }

    /// Makes every distinct state's drawn paths, with the sampler's levels as they now are (the
    /// grid is complete then: its rows, distinct states and drawn points are copied to arrays of
    /// their size, grown arrays' spare capacity not kept with it: kept grids held up to twice
    /// their `byteCount`).
    mutating func drawPaths(_ sampler: ProjectionSampler) {
        matrices = matrices.withUnsafeBufferPointer { Array($0) }
        distinctStates = distinctStates.withUnsafeBufferPointer { Array($0) }
        defer {
            drawnPoints = drawnPoints.withUnsafeBufferPointer { Array($0) }
            drawnIsLine = drawnIsLine.withUnsafeBufferPointer { Array($0) }
        }
        for (n, spec) in sampler.specs.enumerated() where firstSpec[spec.layer] < 0 { firstSpec[spec.layer] = n }
        drawnBase = distinctStates.indices.map { d in
            let base = drawnStart.count, i = distinctLayers[d]
            var n = firstSpec[i]
            guard n >= 0 else { return base }  // a layer that draws nothing (no spec)
            while n < sampler.specs.count, sampler.specs[n].layer == i {
                let path = sampler.specs[n].drawnPath(distinctStates[d])
                drawnStart.append(drawnPoints.count); drawnCount.append(path.segmentCount); drawnIsLine.append(path.isLine)
                drawnPoints += path.vertices; drawnPoints += path.outControls; drawnPoints += path.inControls
                n += 1
            }
            return base
        }
    }

    /// Spec n's drawn path at grid time k (its layer's state then); nil before `drawPaths`.
    func drawnPath(_ k: Int, _ n: Int, layer i: Int) -> BezierPath? {
        guard let d = drawnIndex(k, n, layer: i) else { return nil }
        let o = drawnStart[d], c = drawnCount[d]
        return BezierPath(
            vertices: Array(drawnPoints[o..<(o + c)]), outControls: Array(drawnPoints[(o + c)..<(o + 2 * c)]),
            inControls: Array(drawnPoints[(o + 2 * c)..<(o + 3 * c)]), isLine: drawnIsLine[d])
    }

    /// `drawnPath(k, n, layer: i)?.projected(by: h)`, the same numbers from the flat points.
    func projectedDrawn(_ k: Int, _ n: Int, layer i: Int, by h: PlaneProjection) -> BezierPath? {
        guard let d = drawnIndex(k, n, layer: i) else { return nil }
        let o = drawnStart[d], c = drawnCount[d]
        return drawnPoints.withUnsafeBufferPointer { BezierPath.projected(UnsafeBufferPointer(rebasing: $0[o..<(o + 3 * c)]), isLine: drawnIsLine[d], by: h) }
    }

    /// `drawnPath(k, n, layer: i)?.allPoints` projected by h (BezierPath.appendProjected) appended
    /// to `out`, read in place; false (nothing appended) before `drawPaths`.
    func appendDrawn(_ k: Int, _ n: Int, layer i: Int, by h: PlaneProjection, to out: inout [Point]) -> Bool {
        guard let d = drawnIndex(k, n, layer: i) else { return false }
        let o = drawnStart[d], c = drawnCount[d]
        drawnPoints.withUnsafeBufferPointer { BezierPath.appendProjected(UnsafeBufferPointer(rebasing: $0[o..<(o + 3 * c)]), by: h, to: &out) }
        return true
    }

    /// Where spec n's drawn path at grid time k is held; nil before `drawPaths`.
    private func drawnIndex(_ k: Int, _ n: Int, layer i: Int) -> Int? {
        guard !drawnBase.isEmpty else { return nil }
        return drawnBase[stateIndices[k * layerCount + slots[i]]] + n - firstSpec[i]
    }

    /// About the bytes the grid holds (ProjectionIntervalGrids keeps grids up to a budget).
    var byteCount: Int {
        (matrices.count * 9 + stateIndices.count) * 8 + rowIndices.count * 4 + repeated.count + boxRepeated.count + boxes.count * 32
            + distinctStates.count * MemoryLayout<LayerState>.stride + drawnCount.reduce(0) { $0 + 4 * 32 + $1 * 49 }
    }

    /// Whether the grid holds layer i (a projected layer).
    func holds(_ i: Int) -> Bool { slots[i] >= 0 }

    /// Whether layer i's projection and state at grid time k are those at k - 1, bit for bit.
    func repeats(_ k: Int, _ i: Int) -> Bool { repeated[k * layerCount + slots[i]] }

    /// Whether the host's box at grid time k is the one at k - 1, bit for bit.
    func boxRepeats(_ k: Int, host: Int?) -> Bool { boxRepeated[k * hostCount + hostSlots[host ?? slots.count]] }

    static func sameBits(_ a: Rect, _ b: Rect) -> Bool {
        a.minX.bitPattern == b.minX.bitPattern && a.minY.bitPattern == b.minY.bitPattern
            && a.size.width.bitPattern == b.size.width.bitPattern && a.size.height.bitPattern == b.size.height.bitPattern
    }

    /// Layer i's state at grid time k.
    func layerState(_ k: Int, _ i: Int) -> LayerState { distinctStates[stateIndex(k, i)] }

    /// Where layer i's state at grid time k is held among the distinct states: the same index,
    /// the same state (what is made from it alone is the same).
    func stateIndex(_ k: Int, _ i: Int) -> Int { stateIndices[k * layerCount + slots[i]] }

    /// Layer i's projection into its host's space at grid time k.
    func projection(_ k: Int, _ i: Int) -> PlaneProjection {
        matrices[Int(rowIndices[k * layerCount + slots[i]])]
    }

    /// projection(k, i).concatenating(o), the same products in the same order (the factored
    /// fit's residual, once per layer and time).
    func projection(_ k: Int, _ i: Int, then o: PlaneProjection) -> PlaneProjection {
        projection(k, i).concatenating(o)
    }

    /// The canvas box in the host's space at grid time k.
    func box(_ k: Int, host: Int?) -> Rect { boxes[k * hostCount + hostSlots[host ?? slots.count]] }
}
