/* The second document's tiling program ("棋盘覆盖问题"), as printed there (its line breaks
 * survived); g++ compiles it as written. Its loop reads a count and then one case, so it is run
 * with one case per input ("1\n8\n2 2\n"); it prints each number with %3d, which glues numbers of
 * three digits (n = 32) and overflows with four (n = 64: tiles up to 1365). */
#include <iostream>
#include <cstring>
#include <cstdio>
using namespace std;
int board[1000][1000];
int tile = 1;  //L型骨牌的编号(递增)
/*****************************************************
* 递归方式实现棋盘覆盖算法
* 输入参数：
* tr--当前棋盘左上角的行号
* tc--当前棋盘左上角的列号
* dr--当前特殊方格所在的行号
* dc--当前特殊方格所在的列号
* size：当前棋盘的:2^k
*****************************************************/
void chessBoard(int tr,int tc,int dr,int dc,int size)
{
if ( size==1 )    //棋盘方格大小为1,说明递归到最里层
return;
int t=tile++;     //每次递增1
int s=size/2;    //棋盘中间的行、列号(相等的)
//检查特殊方块是否在左上角子棋盘中
if ( dr<tr+s && dc<tc+s )              //在
chessBoard ( tr, tc, dr, dc, s );
else         //不在，将该子棋盘右下角的方块视为特殊方块
{
board[tr+s-1][tc+s-1]=t;
chessBoard ( tr, tc, tr+s-1, tc+s-1, s );
}
//检查特殊方块是否在右上角子棋盘中
if ( dr<tr+s && dc>=tc+s )               //在
chessBoard ( tr, tc+s, dr, dc, s );
else          //不在，将该子棋盘左下角的方块视为特殊方块
{
board[tr+s-1][tc+s]=t;
chessBoard ( tr, tc+s, tr+s-1, tc+s, s );
}
//检查特殊方块是否在左下角子棋盘中
if ( dr>=tr+s && dc<tc+s )              //在
chessBoard ( tr+s, tc, dr, dc, s );
else            //不在，将该子棋盘右上角的方块视为特殊方块
{
board[tr+s][tc+s-1]=t;
chessBoard ( tr+s, tc, tr+s, tc+s-1, s );
}
//检查特殊方块是否在右下角子棋盘中
if ( dr>=tr+s && dc>=tc+s )                //在
chessBoard ( tr+s, tc+s, dr, dc, s );
else         //不在，将该子棋盘左上角的方块视为特殊方块
{
board[tr+s][tc+s]=t;
chessBoard ( tr+s, tc+s, tr+s, tc+s, s );
}
}
void printMatrix(int n)
{
for(int i = 0; i < n; i++)
for(int j = 0; j < n; j++)
{
printf("%3d",board[i][j]);
if(j == n-1)
printf("\n");
}
}
int main()
{
int N;
while(cin >> N)
{
int n,r,c;
cin >> n;  //输入棋盘的大小(大小必须是2的n次幂)
cin >> r >> c; //特殊方格位置的坐标
chessBoard(0,0,r,c,n);
printMatrix(n);

}
return 0;
}
