// subSample/superSample without a factor (spec 16.5.2): the exact clocks
// on both sides decide it, 10 ms / 2 ms = 5 for the superSample and
// 6 ms / 2 ms = 3 for the subSample.
model InferredFactors
  Real x(start = 0, fixed = true);
  Real slow, fast, tick, both, down, late, sum;
equation
  der(x) = 1;
  slow = sample(x, Clock(10, 1000));
  fast = superSample(slow);
  tick = sample(x, Clock(2, 1000));
  both = fast + tick;
  down = subSample(both);
  late = sample(x, Clock(6, 1000));
  sum = down + late;
end InferredFactors;
