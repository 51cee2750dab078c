within;
package SourceLib "A library whose C code comes as sources, for smc's tests"
  function scaled "k * x, computed in Resources/Source/sourcelib.c"
    input Real x;
    input Real k;
    output Real y;
    external "C" y = sourcelib_scaled(x, k) annotation(Library = "sourcelib", Include = "#include \"sourcelib.h\"");
  end scaled;

  function halved "x / 2, a static function of the library's header"
    input Real x;
    output Real y;
    external "C" y = sourcelib_halved(x) annotation(Include = "#include \"sourcelib.h\"");
  end halved;

  function offset "SOURCELIB_OFFSET as the library is compiled, 0 unless defined (smc -D)"
    output Real y;
    external "C" y = sourcelib_offset() annotation(Library = "sourcelib", Include = "#include \"sourcelib.h\"");
  end offset;

  function digitSum "The sum of the decimal digits of n, in Resources/Source/digits/"
    input Integer n;
    output Integer sum;
    external "C" sum = sourcelib_digit_sum(n) annotation(Library = "digits");
  end digitSum;
end SourceLib;
