// An Integer output, counting samples: connecting it to a Real input is a type error.
model Counter
  output Integer n(start = 0, fixed = true);
equation
  when sample(0, 0.1) then
    n = pre(n) + 1;
  end when;
end Counter;
