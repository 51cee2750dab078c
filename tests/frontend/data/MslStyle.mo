within SmcTests.Library;
encapsulated package Electrical "A small library written in the style of the MSL, for parser coverage"
  import SI = Modelica.Units.SI;
  import Modelica.Constants.pi;
  import Modelica.Math.*;
  import Modelica.Blocks.Interfaces.{RealInput, RealOutput};
  extends Modelica.Icons.Package;

  type Voltage = Real(final quantity = "ElectricPotential", final unit = "V") "Electric potential";
  type Current = Real(unit = "A");
  type Matrix3 = Real[3, 3](each unit = "1");
  type Logic = enumeration(
      'U' "Uninitialized",
      'X' "Forcing Unknown",
      '0' "Forcing 0",
      '1' "Forcing 1") "Logic values" annotation(Evaluate = true);
  type Open = enumeration(:);

  connector Pin "Pin of an electrical component"
    Voltage v "Potential at the pin" annotation(unassignedMessage = "An electrical potential cannot be uniquely calculated.");
    flow Current i "Current flowing into the pin";
    annotation(Icon(coordinateSystem(preserveAspectRatio = true, extent = {{-100, -100}, {100, 100}}),
        graphics = {Rectangle(extent = {{-100, 100}, {100, -100}}, lineColor = {0, 0, 255},
        fillColor = {0, 0, 255}, fillPattern = FillPattern.Solid)}));
  end Pin;

  expandable connector Bus
  end Bus;

  partial model OnePort "Component with two electrical pins"
    SI.Voltage v(start = 0) "Voltage drop";
    SI.Current i "Current";
    Pin p annotation(Placement(transformation(extent = {{-110, -10}, {-90, 10}})));
    Pin n;
  equation
    v = p.v - n.v;
    0 = p.i + n.i;
    i = p.i;
    annotation(Documentation(info = "<html><p>Superclass of elements with two pins; "
      + "it is <em>partial</em>.</p></html>", revisions = "none"));
  end OnePort;

  model Resistor "Ideal linear resistor"
    parameter SI.Resistance R(start = 1) = 1 "Resistance at temperature T_ref";
    parameter Boolean useHeatPort = false;
    parameter Real alpha = 0;
    extends OnePort(v(start = 1), final i(fixed = false));
    HeatPort heatPort if useHeatPort;
    SI.Power LossPower;
  protected
    Real R_actual;
  equation
    assert(1 + alpha * (T_heatPort - T_ref) >= Modelica.Constants.eps,
      "Temperature outside scope of model!", level = AssertionLevel.warning);
    R_actual = R * (1 + alpha * (T_heatPort - T_ref));
    v = R_actual * i;
    LossPower = v * i;
  end Resistor;

  model Circuit
    inner Real T_ambient = 293.15;
    Resistor r1(R = 10), r2(R = 20, useHeatPort = true);
    Resistor[2] rs(each R = 5);
    parameter Integer n = 4;
    Real x[n](each start = 0.5, each fixed = true);
    Real A[2, 2] = [1, 2; 3, 4];
    Real B[2, 3] = [A, {{5}, {6}}];
    Real y[n] = {i^2 for i in 1:n};
    Real z[:] = fill(0.0, 3);
    Real m = max(x[i] for i in 1:n);
    Real s = sum(x[i] * y[j] for i in 1:n, j in 1:2);
    Real last = x[end] + x[end - 1] + A[end, :] * {1, 1};
    Boolean b = not (x[1] > 0 and x[2] < 0) or x[3] <> x[4];
    Real e = if b then 1.0 elseif x[1] >= 0 then 2e-3 else .5;
    Real q(stateSelect = StateSelect.prefer);
    Real t0 = 1.E3;
    discrete Integer counter(start = 0);
    String label = "a \"quoted\" \\ string\twith tab\n";
    Real 'quoted name' = 1;
  initial equation
    q = 0;
    der(x) = zeros(n);
  equation
    connect(r1.n, r2.p) annotation(Line(points = {{-20, 0}, {20, 0}}, color = {0, 0, 255}));
    connect(r2.n, r1.p);
    connect(rs[1].p, rs[2].n);
    der(q) = -q + sin(time * pi);
    for i in 1:n loop
      der(x[i]) = -x[i] * i;
    end for;
    if time > 1 then
      r1.v = 0 "first";
    elseif initial() then
      r1.v = 1;
    else
      r1.v = 2;
    end if;
    when {sample(0, 0.1), time > 0.5} then
      counter = pre(counter) + 1;
    elsewhen initial() then
      counter = 0;
    end when;
    when initial() then
      reinit(q, 0);
    end when;
  end Circuit;

  pure function polyval "Evaluate a polynomial"
    extends Modelica.Icons.Function;
    input Real c[:] "coefficients, highest power first";
    input Real x;
    output Real y;
  protected
    Integer n = size(c, 1);
  algorithm
    y := 0;
    for k in 1:n loop
      y := y * x + c[k];
    end for;
    annotation(Inline = true, derivative(noDerivative = c) = polyvalDer);
  end polyval;

  function divmod
    input Integer a;
    input Integer b;
    output Integer q;
    output Integer r;
  algorithm
    assert(b <> 0, "division by zero");
    q := div(a, b);
    r := a - q * b;
    while r < 0 loop
      r := r + b;
      q := q - 1;
    end while;
    if r > 100 then
      return;
    elseif r > 50 then
      break;
    else
      (q, r) := divmod(q, 1);
      (, r) := divmod(q, 2);
    end if;
    when q > 1 then
      r := 1;
    elsewhen q > 2 then
      r := 2;
    end when;
  end divmod;

  impure function logValue
    input Real x;
    external "C" ModelicaLog(x) annotation(Library = "ModelicaExternalC");
  end logValue;

  function fromC
    input Real x;
    output Real y;
    external "C" y = cfun(x, 2) annotation(Include = "#include <math.h>");
    annotation(Documentation(info = "external"));
  end fromC;

  operator record Complex
    Real re;
    Real im;
    encapsulated operator 'constructor'
      function fromReal
        input Real re;
        input Real im = 0;
        output Complex result(re = re, im = im);
      algorithm
        annotation(Inline = true);
      end fromReal;
    end 'constructor';
    encapsulated operator function '+'
      input Complex c1;
      input Complex c2;
      output Complex c3;
    algorithm
      c3 := Complex(c1.re + c2.re, c1.im + c2.im);
    end '+';
  end Complex;

  block Gain
    parameter Real k = 1;
    RealInput u annotation(Placement(transformation(origin = {-120, 0}, extent = {{-20, -20}, {20, 20}})));
    RealOutput y;
  equation
    y = k .* u;
  end Gain;

  model WithRedeclare
    replaceable Resistor res;
    extends Circuit(redeclare Resistor r1(R = 1), r2(R = 3));
    Circuit c(redeclare replaceable Resistor r2);
  end WithRedeclare;

  final model Frozen
    extends WithRedeclare(redeclare Resistor res(R = 2));
    redeclare Resistor res2;
  end Frozen;

  partial block Partial
    input Real u;
  end Partial;

  model SubSample
    Clock c = Clock(0.1);
    Real xs = sample(time, c);
    Real ys = hold(xs);
    Integer k = integer(xs);
    Real w = -2 ^ 2 + .5e1 - 3E+2 * 1.5e-1 ./ 2 .+ 1 .- 1 .^ 2;
    Real v = 1 / 2 / 3 + 2 ^ (-1);
    Real r[3] = 1:3;
    Real r2[4] = 1.0:0.5:2.5;
  end SubSample;
end Electrical;
