/**
 * A hopper contribution for the contribution tests: the atlas's 2-hurdle
 * grasshopper dual-free position mirrored left to right (a1 -> h1). Its
 * grasshopper reaches d4 in six moves by one shortest path, and no square is
 * farther: a tie with the row's proven maximum of 6.
 */
export const grasshopperTie = {
  family: "hopper",
  author: "A. Tester",
  source: { title: "Test Magazine", page: "p. 2" },
  year: 2026,
  id: "test-grasshopper-h2",
  piece: "grasshopper",
  board: [8, 8],
  kind: "serienziel-dual-free",
  start: "h1",
  hurdles: ["c2", "d5"],
  moves: ["c6", "e4", "b1", "d3", "d6", "d4"],
  value: 6,
};
