from surveyqa.cli import main

raise SystemExit(main())
