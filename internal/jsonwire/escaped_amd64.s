//go:build amd64 && !purego

#include "textflag.h"

// NOTE: scanEscapedVector, the vector scan of string contents that are
// ASCII with escapes close together, as JSON text quoted in a string
// is. Each 32-byte step takes four masks (quotes, backslashes, control
// bytes, non-ASCII bytes). A step with a backslash, or whose first byte
// a backslash at the end of the step before escapes, finds the bytes
// that backslashes escape as simdjson does (find_escaped, in Langdale
// and Lemire, "Parsing Gigabytes of JSON per Second", 2019): a run of
// backslashes escapes the byte after it when the run is odd, and the
// carry out of the addition says whether the next step's first byte is
// escaped. An escaped byte must be the letter of a two-byte escape,
// looked up by its two nibbles in two tables of class bits (as in the
// UTF-8 check of vector_amd64.s); a \u escape or a bad one stops the
// scan at its backslash.

// escSplat: bytes broadcast to every place of a register: the quote,
// the backslash, the highest control byte and the low nibble's mask.
DATA escSplat<>+0x00(SB)/4, $0x0F1F5C22
GLOBL escSplat<>(SB), RODATA|NOPTR, $4

// escHi and escLo: class bits of the letters of the two-byte escapes,
// by high and by low nibble: 1 for '"' and '/', 2 for '\\', 4 for 'b',
// 'f' and 'n', 8 for 'r' and 't'. A byte is such a letter when the two
// lookups share a bit.
DATA escHi<>+0x00(SB)/8, $0x0804020000010000 // 2: " /; 5: \; 6: b f n; 7: r t
DATA escHi<>+0x08(SB)/8, $0
GLOBL escHi<>(SB), RODATA|NOPTR, $16

DATA escLo<>+0x00(SB)/8, $0x00040008000D0000 // 2: " b r; 4: t; 6: f
DATA escLo<>+0x08(SB)/8, $0x0104000200000000 // C: \; E: n; F: /
GLOBL escLo<>(SB), RODATA|NOPTR, $16

// func scanEscapedVector(b []byte) (n int, quote bool)
TEXT ·scanEscapedVector(SB), NOSPLIT, $0-33
	MOVQ           b_base+0(FP), SI
	MOVQ           b_len+8(FP), CX
	VPBROADCASTB   escSplat<>+0(SB), Y15
	VPBROADCASTB   escSplat<>+1(SB), Y14
	VPBROADCASTB   escSplat<>+2(SB), Y13
	VPBROADCASTB   escSplat<>+3(SB), Y12
	VBROADCASTI128 escHi<>(SB), Y11
	VBROADCASTI128 escLo<>(SB), Y10
	VPXOR          Y9, Y9, Y9
	XORQ           AX, AX
	XORQ           R8, R8 // 1 when the step's first byte is escaped

escLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        escOut
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y0, Y15, Y1
	VPMOVMSKB Y1, R9 // quotes
	VPCMPEQB  Y0, Y14, Y2
	VPMOVMSKB Y2, R10 // backslashes
	VPMAXUB   Y0, Y13, Y3
	VPCMPEQB  Y3, Y13, Y3
	VPMOVMSKB Y3, R11 // control bytes
	VPMOVMSKB Y0, BX  // non-ASCII bytes
	ORL       BX, R11
	MOVL      R10, BX
	ORL       R8, BX
	JNZ       escEscapes
	MOVL      R9, BX // no escape: the stops are the quotes and R11
	ORL       R11, BX
	JNZ       escStop
	MOVQ      DX, AX
	JMP       escLoop

escEscapes:
	MOVQ      R8, BX
	NOTQ      BX
	ANDQ      BX, R10          // backslashes that the step before does not escape
	LEAQ      (R8)(R10*2), R12 // the bytes that follow one, or the first when escaped
	MOVQ      $0xAAAAAAAA, BX
	ANDQ      R10, BX
	MOVQ      R12, DI
	NOTQ      DI
	ANDQ      DI, BX           // the starts of runs at odd places
	ADDQ      R10, BX          // runs starting at even places end with a 0 after them
	MOVQ      BX, R8
	SHRQ      $32, R8          // the carry: the last run goes on into the next step
	SHLQ      $1, BX
	XORQ      $0x55555555, BX
	ANDQ      R12, BX
	MOVL      BX, R12          // escaped bytes, of this step only
	VPSRLW    $4, Y0, Y4
	VPAND     Y12, Y4, Y4
	VPSHUFB   Y4, Y11, Y4
	VPAND     Y12, Y0, Y5
	VPSHUFB   Y5, Y10, Y5
	VPAND     Y4, Y5, Y4
	VPCMPEQB  Y9, Y4, Y4
	VPMOVMSKB Y4, DI           // not the letter of a two-byte escape
	ANDL      R12, DI          // bad or \u escapes, by their letter
	TESTL     $1, DI
	JNZ       escBadFirst
	SHRL      $1, DI           // the same, by their backslash
	NOTL      R12
	ANDL      R12, R9          // quotes that end the string
	ANDL      R12, R11         // control and non-ASCII bytes not escaped
	MOVL      R9, BX
	ORL       R11, BX
	ORL       DI, BX
	JNZ       escStop
	MOVQ      DX, AX
	JMP       escLoop

escStop:
	// BX holds the step's stops: the first is where the scan ends, and
	// a quote there ends the string.
	BSFL  BX, BX
	ADDQ  BX, AX
	MOVQ  AX, n+24(FP)
	CMPB  (SI)(AX*1), $0x22
	SETEQ quote+32(FP)
	VZEROUPPER
	RET

escBadFirst:
	// The escape begun by the last byte of the step before is bad.
	DECQ AX
	MOVQ AX, n+24(FP)
	MOVB $0, quote+32(FP)
	VZEROUPPER
	RET

escOut:
	// Fewer than 32 bytes left: the scan ends before them, or at the
	// backslash of an escape they finish.
	SUBQ R8, AX
	MOVQ AX, n+24(FP)
	MOVB $0, quote+32(FP)
	VZEROUPPER
	RET

// unescapeTab: by the byte after a backslash, the byte that the
// two-byte escape stands for, and 0 for any other (\u among them).
DATA unescapeTab<>+0x22(SB)/1, $0x22
DATA unescapeTab<>+0x2F(SB)/1, $0x2F
DATA unescapeTab<>+0x5C(SB)/1, $0x5C
DATA unescapeTab<>+0x62(SB)/1, $0x08
DATA unescapeTab<>+0x66(SB)/1, $0x0C
DATA unescapeTab<>+0x6E(SB)/1, $0x0A
DATA unescapeTab<>+0x72(SB)/1, $0x0D
DATA unescapeTab<>+0x74(SB)/1, $0x09
GLOBL unescapeTab<>(SB), RODATA|NOPTR, $256

// func unescapeVector(dst, src []byte) (nd, ns int)
TEXT ·unescapeVector(SB), NOSPLIT, $0-64
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX
	VPBROADCASTB escSplat<>+1(SB), Y14
	LEAQ         unescapeTab<>(SB), R10
	XORQ         AX, AX
	XORQ         BX, BX
	SUBQ         $33, CX // steps while 33 bytes are left: an escape's letter is then in src

unLoop:
	CMPQ      AX, CX
	JG        unOut
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   Y0, (DI)(BX*1) // stored before it is looked at: BX <= AX
	VPCMPEQB  Y0, Y14, Y1
	VPMOVMSKB Y1, DX
	TESTL     DX, DX
	JNZ       unEscape
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       unLoop

unEscape:
	BSFL    DX, DX
	ADDQ    DX, AX
	ADDQ    DX, BX
	MOVBLZX 1(SI)(AX*1), DX
	MOVBLZX (R10)(DX*1), R8
	TESTL   R8, R8
	JZ      unOut // \u, or no escape: left to the caller
	MOVB    R8, (DI)(BX*1)
	ADDQ    $2, AX
	INCQ    BX
	JMP     unLoop

unOut:
	MOVQ BX, nd+48(FP)
	MOVQ AX, ns+56(FP)
	VZEROUPPER
	RET

// lineEnds: the bytes that end a line, LF and CR.
DATA lineEnds<>+0x00(SB)/2, $0x0D0A
GLOBL lineEnds<>(SB), RODATA|NOPTR, $2

// func IndexLineEnd(b []byte) int
TEXT ·IndexLineEnd(SB), NOSPLIT, $0-32
	MOVQ         b_base+0(FP), SI
	MOVQ         b_len+8(FP), CX
	CMPQ         CX, $32
	JLT          lineSWAR
	CMPB         ·vector(SB), $0
	JEQ          lineSWAR
	VPBROADCASTB lineEnds<>+0(SB), Y1
	VPBROADCASTB lineEnds<>+1(SB), Y2
	XORQ         AX, AX

lineLoop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        lineTail
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y0, Y1, Y3
	VPCMPEQB  Y0, Y2, Y4
	VPOR      Y3, Y4, Y3
	VPMOVMSKB Y3, BX
	TESTL     BX, BX
	JNZ       lineFound
	MOVQ      DX, AX
	JMP       lineLoop

lineTail:
	// The last 32 bytes of b, of which the first DX-len were read.
	CMPQ      AX, CX
	JEQ       lineNone
	VMOVDQU   -32(SI)(CX*1), Y0
	VPCMPEQB  Y0, Y1, Y3
	VPCMPEQB  Y0, Y2, Y4
	VPOR      Y3, Y4, Y3
	VPMOVMSKB Y3, BX
	SUBQ      CX, DX
	MOVQ      CX, R8
	MOVQ      DX, CX
	SHRL      CX, BX
	MOVQ      R8, CX
	TESTL     BX, BX
	JZ        lineNone

lineFound:
	BSFL       BX, BX
	ADDQ       BX, AX
	MOVQ       AX, ret+24(FP)
	VZEROUPPER
	RET

lineNone:
	MOVQ       $-1, ret+24(FP)
	VZEROUPPER
	RET

lineSWAR:
	JMP ·indexLineEndSWAR(SB)
